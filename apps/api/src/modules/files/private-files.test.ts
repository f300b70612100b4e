import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { errorEnvelope } from '@lotline/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { get, signUpUser } from '../identity/test-helpers';
import { signUpStaff, uploadFile } from '../tax-exemptions/test-helpers';

/** Private uploads are served to their owner and staff only, never cached (decision 0027). */

let t: TestApp;
let owner: { id: string; cookie: string };
let other: { id: string; cookie: string };
let staff: { id: string; cookie: string };
let certificate: string;
let photo: string;

beforeAll(async () => {
  t = await createTestApp();
  [owner, other, staff] = [await signUpUser(t), await signUpUser(t), await signUpStaff(t)];
  certificate = await uploadFile(t, owner.cookie, 'resale.pdf');
  const png = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#888' } })
    .png()
    .toBuffer();
  photo = await uploadFile(t, owner.cookie, 'scan.png', png);
  await mkdir(path.join(t.config.filesDir, 'demo-photos'), { recursive: true });
  await writeFile(
    path.join(t.config.filesDir, 'demo-photos', 'lathe.svg'),
    '<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>',
  );
});
afterAll(() => t.close());

const code = (res: { json(): unknown }) => errorEnvelope.parse(res.json()).errors[0]?.code;

describe('GET /files/<private upload>', () => {
  it('answers 404 to a visitor and to another user, as for a missing file', async () => {
    const missing = certificate.replace(/[0-9a-f]{8}-/, '00000000-');
    const nothing = await get(t, `/files/${missing}`, other.cookie);
    for (const cookie of [undefined, other.cookie]) {
      const res = await get(t, `/files/${certificate}`, cookie);
      expect(res.statusCode).toBe(404);
      expect(code(res)).toBe('NOT_FOUND');
      expect(res.json().errors).toEqual(nothing.json().errors);
      expect(res.body).not.toContain('%PDF');
    }
  });

  it('serves the owner and staff with Cache-Control: private, no-store', async () => {
    for (const cookie of [owner.cookie, staff.cookie]) {
      const res = await get(t, `/files/${certificate}`, cookie);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.body.startsWith('%PDF')).toBe(true);
    }
  });

  it('keeps a resized private photo private too', async () => {
    expect((await get(t, `/files/${photo}?w=200`)).statusCode).toBe(404);
    const res = await get(t, `/files/${photo}?w=200`, owner.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe('private, no-store');
  });

  it('keeps the long public cache for a listing photo, resized or not', async () => {
    for (const address of ['/files/demo-photos/lathe.svg', '/files/demo-photos/lathe.svg?w=200']) {
      const res = await get(t, address);
      expect(res.statusCode, address).toBe(200);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });
});
