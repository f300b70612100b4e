import { readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, url } from '../../test/app';
import { ORIGIN, signUpUser } from '../identity/test-helpers';
import { pngBytes } from './test-helpers';

/** The two steps over a real socket, with the body built by FormData as a browser builds it. */
describe('uploads over HTTP', () => {
  let t: TestApp;
  let base: string;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp();
    ({ cookie } = await signUpUser(t));
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => t.close());

  async function policy(filename: string, size: number) {
    const res = await fetch(
      `${base}${url('/ars/api/file-upload', { filename, size: String(size), application: 'ars' })}`,
      {
        headers: { cookie },
      },
    );
    expect(res.status).toBe(200);
    const body = (await res.json()) as { data: { url: string; fields: Record<string, string> } };
    return body.data;
  }

  function form(fields: Record<string, string>, content: Buffer, filename: string) {
    const body = new FormData();
    for (const [name, value] of Object.entries(fields)) body.append(name, value);
    body.append('file', new Blob([content], { type: 'image/png' }), filename);
    return body;
  }

  const codeOf = async (res: Response) => ((await res.json()) as { errors: { code: string }[] }).errors[0]?.code;

  const send = (target: { url: string }, body: FormData) =>
    fetch(`${base}${new URL(target.url).pathname}`, { method: 'POST', body, headers: { origin: ORIGIN } });

  it('stores a FormData upload (204)', async () => {
    const bytes = pngBytes(2 * 1024 * 1024);
    const target = await policy('big photo.png', bytes.length);
    const res = await send(target, form(target.fields, bytes, 'big photo.png'));
    expect(res.status).toBe(204);
    const stored = await readFile(path.join(t.config.filesDir, target.fields.key as string));
    expect(stored.equals(bytes)).toBe(true);
  });

  it('answers a refused large body promptly instead of hanging', async () => {
    const bytes = pngBytes(8 * 1024 * 1024);
    const target = await policy('photo.png', bytes.length);
    const tampered = { ...target.fields, 'X-Lotline-Signature': 'A'.repeat(43) };
    const res = await send(target, form(tampered, bytes, 'photo.png'));
    expect(res.status).toBe(403);
    expect(await codeOf(res)).toBe('FORBIDDEN');
    // One byte more than the policy: stopped while streaming.
    const over = await send(target, form(target.fields, pngBytes(bytes.length + 1), 'photo.png'));
    expect(over.status).toBe(413);
    expect(await codeOf(over)).toBe('FILE_TOO_LARGE');
  });
});
