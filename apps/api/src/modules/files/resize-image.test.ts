import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { errorEnvelope } from '@lotline/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';

const SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300" viewBox="0 0 400 300">' +
  '<rect width="400" height="300" fill="#2a6"/><circle cx="200" cy="150" r="80" fill="#fc3"/></svg>';

let t: TestApp;
let outside: string;
let cacheDir: string;

beforeAll(async () => {
  outside = await mkdtemp(path.join(tmpdir(), 'lotline-resize-'));
  const dir = path.join(outside, 'files');
  cacheDir = path.join(outside, 'image-cache');
  await writeFile(
    path.join(outside, 'secret.png'),
    await sharp({ create: solid(50, 50) })
      .png()
      .toBuffer(),
  );
  t = await createTestApp({ config: { filesDir: dir, imageCacheDir: cacheDir } });
  await mkdir(path.join(dir, 'demo-photos'), { recursive: true });
  await mkdir(path.join(dir, 'uploads'), { recursive: true });
  await writeFile(path.join(dir, 'demo-photos', 'lathe-1.svg'), SVG);
  await writeFile(path.join(dir, 'demo-photos', 'cache-probe.svg'), SVG.replace('#2a6', '#a26'));
  await writeFile(
    path.join(dir, 'uploads', 'small.jpg'),
    await sharp({ create: solid(300, 200) })
      .jpeg()
      .toBuffer(),
  );
  await writeFile(
    path.join(dir, 'uploads', 'big.png'),
    await sharp({ create: solid(2000, 1000) })
      .png()
      .toBuffer(),
  );
  await writeFile(path.join(dir, 'uploads', 'notes.txt'), 'hello');
  await writeFile(path.join(dir, 'uploads', 'broken.png'), 'not a png at all');
  await t.app.ready();
});
afterAll(async () => {
  await t.close();
  await rm(outside, { recursive: true, force: true });
});

function solid(width: number, height: number) {
  return { width, height, channels: 3 as const, background: { r: 200, g: 80, b: 20 } };
}

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

async function webpOf(url: string) {
  const res = await get(url);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('image/webp');
  const bytes = res.rawPayload;
  // RIFF....WEBP
  expect(bytes.subarray(0, 4).toString('latin1')).toBe('RIFF');
  expect(bytes.subarray(8, 12).toString('latin1')).toBe('WEBP');
  return { res, bytes, meta: await sharp(bytes).metadata() };
}

async function cacheFiles(): Promise<string[]> {
  const entries = await readdir(cacheDir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

describe('GET /files/*?w= (resized photos)', () => {
  it('renders an SVG as WebP at the requested width, with immutable cache headers and a strong ETag', async () => {
    const { res, meta } = await webpOf('/files/demo-photos/lathe-1.svg?w=200');
    expect(meta.format).toBe('webp');
    expect(meta.width).toBe(200);
    expect(meta.height).toBe(150);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.etag).toMatch(/^"[0-9a-f]{40}"$/);
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
  });

  it('renders vector art sharply above its declared size', async () => {
    const { meta } = await webpOf('/files/demo-photos/lathe-1.svg?w=800');
    expect(meta.width).toBe(800);
  });

  it('shrinks a large upload and never enlarges a small one', async () => {
    expect((await webpOf('/files/uploads/big.png?w=400')).meta).toMatchObject({ width: 400, height: 200 });
    expect((await webpOf('/files/uploads/small.jpg?w=1600')).meta).toMatchObject({ width: 300, height: 200 });
  });

  it('encodes at quality 30 by default and honours another allowed quality', async () => {
    const byDefault = await webpOf('/files/uploads/big.png?w=1200');
    const explicit = await webpOf('/files/uploads/big.png?w=1200&q=30');
    const better = await webpOf('/files/uploads/big.png?w=1200&q=75');
    expect(explicit.bytes.equals(byDefault.bytes)).toBe(true);
    expect(better.bytes.equals(byDefault.bytes)).toBe(false);
    expect(better.res.headers.etag).not.toBe(byDefault.res.headers.etag);
  });

  it('keeps each variant on disk and serves the second request from that file without encoding again', async () => {
    const url = '/files/demo-photos/cache-probe.svg?w=400';
    const before = new Set(await cacheFiles());
    const first = await webpOf(url);
    const added = (await cacheFiles()).filter((f) => !before.has(f));
    expect(added).toHaveLength(1);
    const [file] = added as [string];
    expect(file.endsWith('.webp')).toBe(true);
    // Replace the cached variant with different (valid) bytes: a re-encode would not answer with them.
    const marker = await sharp({ create: solid(17, 13) })
      .webp()
      .toBuffer();
    await writeFile(file, marker);
    const second = await webpOf(url);
    expect(second.bytes.equals(marker)).toBe(true);
    expect(second.res.headers.etag).toBe(first.res.headers.etag);
  });

  it('answers 304 to a matching If-None-Match and 200 to a stale one', async () => {
    const first = await get('/files/demo-photos/lathe-1.svg?w=200');
    const again = await get('/files/demo-photos/lathe-1.svg?w=200', { 'if-none-match': first.headers.etag as string });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect((await get('/files/demo-photos/lathe-1.svg?w=200', { 'if-none-match': '"other"' })).statusCode).toBe(200);
  });

  it.each([
    ['a width outside the list', '?w=300', 'w', 'Width must be one of 200, 400, 800, 1200, 1600.'],
    ['a width that is not a number', '?w=big', 'w', 'Width must be one of 200, 400, 800, 1200, 1600.'],
    ['a quality outside the list', '?w=400&q=90', 'q', 'Quality must be one of 30, 50, 75.'],
    ['a quality without a width', '?q=50', 'q', 'Quality (q) applies only to a resized photo; give a width (w) too.'],
  ])('refuses %s with a 400 naming the field', async (_name, query, field, message) => {
    const before = await cacheFiles();
    const res = await get(`/files/demo-photos/lathe-1.svg${query}`);
    expect(res.statusCode).toBe(400);
    expect(errorEnvelope.parse(res.json()).errors[0]).toMatchObject({ code: 'VALIDATION_FAILED', field, message });
    expect(await cacheFiles()).toEqual(before);
  });

  it.each([
    [
      'a file that is not a photo',
      '/files/uploads/notes.txt?w=400',
      'Only photos (SVG, PNG, JPEG, WebP, GIF, AVIF) can be resized.',
    ],
    [
      'a photo whose bytes are not an image',
      '/files/uploads/broken.png?w=400',
      'This file could not be read as an image.',
    ],
  ])('refuses %s with a 400 and caches nothing', async (_name, url, message) => {
    const before = await cacheFiles();
    const res = await get(url);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatchObject({ code: 'VALIDATION_FAILED', field: 'w', message });
    expect(res.headers['cache-control']).toBeUndefined();
    expect(await cacheFiles()).toEqual(before);
  });

  it.each([
    ['a missing photo', '/files/demo-photos/nope.svg?w=400'],
    ['an encoded parent segment', '/files/%2e%2e/secret.png?w=400'],
    ['an encoded slash traversal', '/files/uploads%2f..%2f..%2fsecret.png?w=400'],
    ['the image cache itself', '/files/%2e%2e/image-cache?w=400'],
  ])('answers 404 for %s', async (_name, url) => {
    const res = await get(url);
    expect(res.statusCode).toBe(404);
    expect(res.json().errors[0].code).toBe('NOT_FOUND');
    expect(res.headers['content-type']).not.toBe('image/webp');
  });
});
