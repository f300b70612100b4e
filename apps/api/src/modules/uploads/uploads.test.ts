import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { errorEnvelope } from '@lotline/contracts';
import { rateLimits } from '@lotline/db/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, url } from '../../test/app';
import { get, ORIGIN, signUpUser } from '../identity/test-helpers';
import { policyKey, signPolicy } from './local-policy';
import { multipartBody, pngBytes } from './test-helpers';

const UPLOAD = '/ars/api/file-upload';

let t: TestApp;
let user: { id: string; cookie: string };

beforeAll(async () => {
  t = await createTestApp();
  user = await signUpUser(t);
});
afterAll(() => t.close());

/** Asks as the signed-in user, or as a visitor with `{ visitor: true }`. */
const ask = (params: Record<string, unknown>, as: { visitor?: boolean } = {}) =>
  get(t, url(UPLOAD, params), as.visitor ? undefined : user.cookie);

const firstError = (res: { json(): unknown }) => errorEnvelope.parse(res.json()).errors[0];

async function policyFor(filename: string, size: number, contentType = 'image/png') {
  const res = await ask({ filename, contentType, size: String(size), application: 'marketplace' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { url: string; fields: Record<string, string> };
}

function postFile(
  target: { url: string; fields: Record<string, string> },
  content: Buffer,
  options: { filename?: string; origin?: string; name?: string } = {},
) {
  const { payload, contentType } = multipartBody(target.fields, {
    filename: options.filename ?? 'photo.png',
    content,
    type: 'image/png',
    ...(options.name ? { name: options.name } : {}),
  });
  return t.app.inject({
    method: 'POST',
    url: new URL(target.url).pathname,
    headers: { 'content-type': contentType, origin: options.origin ?? ORIGIN },
    payload,
  });
}

/** Every file under the store (the served tree and the incoming directory), relative paths. */
async function storedFiles(): Promise<string[]> {
  const entries = await readdir(t.config.filesDir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(t.config.filesDir, path.join(e.parentPath, e.name)));
}

describe('GET /ars/api/file-upload', () => {
  it('refuses a visitor with 401', async () => {
    const res = await ask(
      { filename: 'a.png', contentType: 'image/png', size: '10', application: 'ars' },
      { visitor: true },
    );
    expect(res.statusCode).toBe(401);
    expect(firstError(res)?.code).toBe('UNAUTHENTICATED');
  });

  it.each([
    ['an unknown application', { filename: 'a.png', size: '10', application: 'shop' }, 'application'],
    ['a missing filename', { size: '10', application: 'ars' }, 'filename'],
    ['an empty file', { filename: 'a.png', size: '0', application: 'ars' }, 'size'],
    ['a size that is not a number', { filename: 'a.png', size: 'big', application: 'ars' }, 'size'],
    ['an unknown parameter', { filename: 'a.png', size: '10', application: 'ars', bucket: 'x' }, 'bucket'],
  ])('answers 400 to %s', async (_name, params, field) => {
    const res = await ask(params);
    expect(res.statusCode).toBe(400);
    expect(firstError(res)).toMatchObject({ code: 'VALIDATION_FAILED', field });
  });

  it.each([
    ['a video over 30 mb', 'clip.mp4', 'video/mp4', 31_457_281, '30 mb'],
    ['an image over 10 mb', 'photo.JPG', 'image/jpeg', 10_485_761, '10 mb'],
    ['a document over 10 mb', 'manual.pdf', 'application/pdf', 10_485_761, '10 mb'],
  ])('answers 413 FILE_TOO_LARGE to %s', async (_name, filename, contentType, size, limit) => {
    const res = await ask({ filename, contentType, size: String(size), application: 'ars' });
    expect(res.statusCode).toBe(413);
    expect(firstError(res)).toEqual({
      code: 'FILE_TOO_LARGE',
      message: `${filename} cannot be added since it exceeds the maximum limit of ${limit}`,
      field: 'size',
    });
  });

  it('allows a video of exactly 31457280 bytes and another file of exactly 10485760', async () => {
    const video = await ask({ filename: 'clip.mov', size: '31457280', application: 'admin-panel' });
    expect(video.statusCode, video.body).toBe(200);
    const image = await ask({ filename: 'spec.xlsx', size: '10485760', application: 'ars' });
    expect(image.statusCode, image.body).toBe(200);
  });

  it.each([
    ['a disallowed extension', 'setup.exe', 'application/x-msdownload', 'filename'],
    ['no extension', 'README', undefined, 'filename'],
    ['an HTML page', 'page.html', 'text/html', 'filename'],
    ['a type that does not fit the extension', 'photo.jpg', 'text/html', 'contentType'],
  ])('answers 415 FILE_TYPE_NOT_ALLOWED to %s', async (_name, filename, contentType, field) => {
    const res = await ask({ filename, contentType, size: '100', application: 'marketplace' });
    expect(res.statusCode).toBe(415);
    expect(firstError(res)).toMatchObject({ code: 'FILE_TYPE_NOT_ALLOWED', field });
    expect(firstError(res)?.message).toContain(filename);
  });

  it('answers a signed policy whose key the server chose under the application and the user', async () => {
    const res = await ask({
      filename: '../../etc/passwd.png',
      contentType: 'image/png',
      size: '1234',
      application: 'marketplace',
    });
    expect(res.statusCode).toBe(200);
    const { url: target, fields } = res.json().data;
    expect(target).toBe(`${t.config.publicOrigin}/ars/api/file-storage`);
    expect(Object.keys(fields).sort()).toEqual(['Content-Type', 'Policy', 'X-Lotline-Signature', 'key']);
    expect(fields.key).toMatch(new RegExp(`^uploads/marketplace/${user.id}/[0-9a-f-]{36}\\.png$`));
    expect(fields['Content-Type']).toBe('image/png');
    const policy = JSON.parse(Buffer.from(fields.Policy, 'base64url').toString('utf8'));
    expect(policy).toMatchObject({ key: fields.key, contentType: 'image/png', size: 1234 });
    const minutes = (policy.expires - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(14);
    expect(minutes).toBeLessThanOrEqual(15);
    // Two requests for the same name get different keys.
    const again = await policyFor('../../etc/passwd.png', 1234);
    expect(again.fields.key).not.toBe(fields.key);
  });
});

describe('upload policy limits and documentation', () => {
  it('answers 429 once a user has asked for 300 policies in 15 minutes', async () => {
    const other = await signUpUser(t);
    // 300 policies already counted in this window; the next one goes over.
    await t.db.insert(rateLimits).values({ key: `upload-policy:user:${other.id}`, hits: 300, windowStart: new Date() });
    const res = await get(t, url(UPLOAD, { filename: 'a.png', size: '10', application: 'ars' }), other.cookie);
    expect(res.statusCode).toBe(429);
    expect(firstError(res)?.code).toBe('RATE_LIMITED');
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    // Other users are not affected.
    expect((await ask({ filename: 'a.png', size: '10', application: 'ars' })).statusCode).toBe(200);
  });

  it('documents both operations under the uploads tag', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json();
    expect(doc.tags.map((tag: { name: string }) => tag.name)).toContain('uploads');
    expect(doc.paths['/ars/api/file-upload'].get.tags).toEqual(['uploads']);
    expect(Object.keys(doc.paths['/ars/api/file-upload'].get.responses)).toEqual(
      expect.arrayContaining(['200', '401', '413', '415', '429']),
    );
    expect(doc.paths['/ars/api/file-storage'].post.tags).toEqual(['uploads']);
  });
});

describe('POST to the embedded storage', () => {
  it('stores a file that keeps to its policy (204) and serves it under /files/', async () => {
    const target = await policyFor('Lathe photo.png', 300);
    const bytes = pngBytes(300);
    const res = await postFile(target, bytes);
    expect(res.statusCode, res.body).toBe(204);
    expect(res.body).toBe('');
    const key = target.fields.key as string;
    expect(await readFile(path.join(t.config.filesDir, key))).toEqual(bytes);
    const served = await t.app.inject({ method: 'GET', url: `/files/${key}`, headers: { cookie: user.cookie } });
    expect(served.statusCode).toBe(200);
    expect(served.headers['cache-control']).toBe('private, no-store');
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload).toEqual(bytes);
    // The same policy cannot store over the file.
    const replay = await postFile(target, pngBytes(300));
    expect(replay.statusCode).toBe(409);
    expect(firstError(replay)?.code).toBe('CONFLICT');
    expect(await storedFiles()).toEqual([key]);
  });

  it('stores a video over 10 mb (beyond the JSON body limit) with its own policy', async () => {
    const size = 12 * 1024 * 1024;
    const res = await ask({
      filename: 'walkaround.mp4',
      contentType: 'video/mp4',
      size: String(size),
      application: 'ars',
    });
    expect(res.statusCode, res.body).toBe(200);
    const target = res.json().data as { url: string; fields: Record<string, string> };
    const video = Buffer.alloc(size, 0x11);
    Buffer.from('\0\0\0\x20ftypisom\0\0\x02\0', 'latin1').copy(video, 0);
    const stored = await postFile(target, video, { filename: 'walkaround.mp4' });
    expect(stored.statusCode, stored.body).toBe(204);
    expect((await readFile(path.join(t.config.filesDir, target.fields.key as string))).equals(video)).toBe(true);
  });

  it('refuses an expired policy', async () => {
    const key = `uploads/ars/${user.id}/00000000-0000-4000-8000-000000000001.png`;
    const fields = signPolicy(policyKey(t.config.authSecret as string), {
      key,
      contentType: 'image/png',
      size: 100,
      expiresAt: new Date(Date.now() - 1000),
    });
    const res = await postFile({ url: `${ORIGIN}/ars/api/file-storage`, fields }, pngBytes(100));
    expect(res.statusCode).toBe(403);
    expect(firstError(res)).toMatchObject({ code: 'FORBIDDEN', message: expect.stringMatching(/expired/) });
    expect(await storedFiles()).not.toContain(key);
  });

  it.each([
    [
      'a changed signature',
      // Its first character swapped for a different one (an 'x' would change nothing one time in 64).
      (f: Record<string, string>) => {
        const signature = f['X-Lotline-Signature'] ?? '';
        return { ...f, 'X-Lotline-Signature': `${signature.startsWith('x') ? 'y' : 'x'}${signature.slice(1)}` };
      },
    ],
    [
      'a policy signed with another secret',
      (f: Record<string, string>) => ({
        ...f,
        'X-Lotline-Signature': signPolicy(policyKey('another-secret-another-secret-another'), {
          key: f.key as string,
          contentType: 'image/png',
          size: 200,
          expiresAt: new Date(Date.now() + 60_000),
        })['X-Lotline-Signature'] as string,
      }),
    ],
    [
      'a bigger size written into the policy',
      (f: Record<string, string>) => {
        const body = JSON.parse(Buffer.from(f.Policy as string, 'base64url').toString('utf8'));
        return { ...f, Policy: Buffer.from(JSON.stringify({ ...body, size: 10_000 })).toString('base64url') };
      },
    ],
    [
      'a changed key',
      (f: Record<string, string>) => ({
        ...f,
        key: `uploads/marketplace/someone-else/${(f.key as string).split('/').pop()}`,
      }),
    ],
    ['a changed Content-Type', (f: Record<string, string>) => ({ ...f, 'Content-Type': 'text/html' })],
  ])('refuses %s with 403 and keeps nothing', async (_name, tamper) => {
    const target = await policyFor('photo.png', 200);
    const before = await storedFiles();
    const res = await postFile({ url: target.url, fields: tamper(target.fields) }, pngBytes(200));
    expect(res.statusCode).toBe(403);
    expect(firstError(res)?.code).toBe('FORBIDDEN');
    expect(await storedFiles()).toEqual(before);
  });

  it('refuses a missing or an extra field with 400', async () => {
    const target = await policyFor('photo.png', 200);
    const { 'X-Lotline-Signature': _dropped, ...rest } = target.fields;
    const missing = await postFile({ url: target.url, fields: rest }, pngBytes(200));
    expect(missing.statusCode).toBe(400);
    expect(firstError(missing)).toMatchObject({ code: 'VALIDATION_FAILED', field: 'X-Lotline-Signature' });
    const extra = await postFile({ url: target.url, fields: { ...target.fields, acl: 'public-read' } }, pngBytes(200));
    expect(extra.statusCode).toBe(400);
    expect(firstError(extra)).toMatchObject({ code: 'VALIDATION_FAILED', field: 'acl' });
    const noFile = await postFile(target, pngBytes(200), { name: 'upload' });
    expect(noFile.statusCode).toBe(400);
    expect(firstError(noFile)).toMatchObject({ code: 'VALIDATION_FAILED', field: 'file' });
  });

  it('refuses a file larger (413) or smaller (400) than the policy size, keeping nothing', async () => {
    const target = await policyFor('photo.png', 500);
    const before = await storedFiles();
    const larger = await postFile(target, pngBytes(501));
    expect(larger.statusCode).toBe(413);
    expect(firstError(larger)?.code).toBe('FILE_TOO_LARGE');
    const smaller = await postFile(target, pngBytes(499));
    expect(smaller.statusCode).toBe(400);
    expect(firstError(smaller)).toMatchObject({ code: 'VALIDATION_FAILED', field: 'file' });
    expect(await storedFiles()).toEqual(before);
    // The right size still goes through afterwards.
    expect((await postFile(target, pngBytes(500))).statusCode).toBe(204);
  });

  it('refuses a file whose content does not match its extension (415), keeping nothing', async () => {
    const html = Buffer.from('<html><script>alert(1)</script></html>');
    const target = await policyFor('photo.png', html.length);
    const before = await storedFiles();
    const res = await postFile(target, html);
    expect(res.statusCode).toBe(415);
    expect(firstError(res)).toMatchObject({ code: 'FILE_TYPE_NOT_ALLOWED', field: 'file' });
    expect(await storedFiles()).toEqual(before);
  });

  it('refuses a POST from another origin (CSRF) with 403', async () => {
    const target = await policyFor('photo.png', 100);
    const res = await postFile(target, pngBytes(100), { origin: 'https://evil.example' });
    expect(res.statusCode).toBe(403);
    expect(firstError(res)?.code).toBe('FORBIDDEN');
    expect(await storedFiles()).not.toContain(target.fields.key);
  });

  it('refuses a body that is not multipart', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/ars/api/file-storage',
      headers: { 'content-type': 'application/json', origin: ORIGIN },
      payload: '{}',
    });
    expect(res.statusCode).toBe(400);
    expect(firstError(res)?.code).toBe('VALIDATION_FAILED');
  });
});

describe('a body that is no multipart form', () => {
  it('answers 400, not 500, to a multipart body without any part', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/ars/api/file-storage',
      headers: { 'content-type': 'multipart/form-data; boundary=nothing-here', origin: ORIGIN },
      payload: Buffer.alloc(2048),
    });
    expect(res.statusCode).toBe(400);
    expect(firstError(res)).toMatchObject({ code: 'VALIDATION_FAILED', field: 'file' });
  });
});
