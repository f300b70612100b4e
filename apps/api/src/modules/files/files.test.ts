import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { errorEnvelope } from '@lotline/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';

const SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>';
const SECRET = 'TOP-SECRET-CONTENT';

let t: TestApp;
let outside: string;

beforeAll(async () => {
  // <outside>/sibling-secret.txt sits next to the store <outside>/files.
  outside = await mkdtemp(path.join(tmpdir(), 'lotline-outside-'));
  await writeFile(path.join(outside, 'sibling-secret.txt'), SECRET);
  const dir = path.join(outside, 'files');
  t = await createTestApp({ config: { filesDir: dir } });
  await mkdir(path.join(dir, 'demo-photos'), { recursive: true });
  await writeFile(path.join(dir, 'demo-photos', 'lathe-1.svg'), SVG);
  await writeFile(path.join(dir, 'demo-photos', 'scan.PDF'), '%PDF-1.4');
  await writeFile(path.join(dir, 'demo-photos', 'blob.xyz'), 'x');
  await writeFile(path.join(dir, '.env'), SECRET);
  await symlink(path.join(outside, 'sibling-secret.txt'), path.join(dir, 'demo-photos', 'link.txt'));
  await t.app.ready();
});
afterAll(async () => {
  await t.close();
  await rm(outside, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

describe('GET /files/*', () => {
  it('serves a stored SVG with its type and long cache headers', async () => {
    const res = await get('/files/demo-photos/lathe-1.svg');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain('sandbox');
    expect(res.body).toBe(SVG);
  });

  it('accepts a cache-busting v parameter and rejects other parameters', async () => {
    expect((await get('/files/demo-photos/lathe-1.svg?v=2')).statusCode).toBe(200);
    const res = await get('/files/demo-photos/lathe-1.svg?download=1');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatchObject({ code: 'VALIDATION_FAILED', field: 'download' });
  });

  it('answers 304 to a matching If-None-Match', async () => {
    const first = await get('/files/demo-photos/lathe-1.svg');
    const again = await get('/files/demo-photos/lathe-1.svg', { 'if-none-match': first.headers.etag as string });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('types by extension, case-insensitively, and falls back to octet-stream', async () => {
    expect((await get('/files/demo-photos/scan.PDF')).headers['content-type']).toBe('application/pdf');
    expect((await get('/files/demo-photos/blob.xyz')).headers['content-type']).toBe('application/octet-stream');
  });

  it('answers HEAD without a body', async () => {
    const res = await t.app.inject({ method: 'HEAD', url: '/files/demo-photos/lathe-1.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('');
  });

  it.each([
    ['a missing file', '/files/demo-photos/nope.svg'],
    ['a directory (no listing)', '/files/demo-photos'],
    ['a directory with a slash', '/files/demo-photos/'],
    ['the root', '/files/'],
    ['a dot-file', '/files/.env'],
    ['an encoded parent segment', '/files/%2e%2e/sibling-secret.txt'],
    ['an encoded slash traversal', '/files/demo-photos%2f..%2f..%2fsibling-secret.txt'],
    ['a backslash traversal', '/files/..%5csibling-secret.txt'],
    ['an absolute path', '/files//etc/passwd'],
    ['a symlink leaving the store', '/files/demo-photos/link.txt'],
  ])('refuses %s with a 404 envelope', async (_name, url) => {
    const res = await get(url);
    expect(res.statusCode).toBe(404);
    expect(errorEnvelope.parse(res.json()).errors[0]?.code).toBe('NOT_FOUND');
    expect(res.body).not.toContain(SECRET);
    expect(res.body).not.toContain(t.config.filesDir);
  });

  it('refuses a NUL byte with a 400 envelope before looking at the disk (decision 0028)', async () => {
    const res = await get('/files/demo-photos/lathe-1.svg%00.txt');
    expect(res.statusCode).toBe(400);
    expect(errorEnvelope.parse(res.json()).errors[0]?.code).toBe('VALIDATION_FAILED');
    expect(res.body).not.toContain(t.config.filesDir);
  });

  it('refuses raw ../ traversal over a real socket', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    for (const rawPath of [
      '/files/../sibling-secret.txt',
      '/files/demo-photos/../../sibling-secret.txt',
      '/files/./.env',
    ]) {
      const { status, body } = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = http.request({ host: '127.0.0.1', port, path: rawPath, method: 'GET' }, (res) => {
          let body = '';
          res.on('data', (c) => {
            body += c;
          });
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        });
        req.on('error', reject);
        req.end();
      });
      expect(status, rawPath).toBe(404);
      expect(body).not.toContain(SECRET);
    }
  });
});
