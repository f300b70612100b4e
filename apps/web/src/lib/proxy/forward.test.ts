import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { forwardToApi } from './forward.mjs';
import { MAX_IMPORT_BODY_BYTES, MAX_PROXY_BODY_BYTES, maxBodyBytesFor } from './limits.mjs';

/** The forwarder against a real HTTP server standing in for the API (decision 0027). */

interface Seen {
  headers: http.IncomingHttpHeaders;
  bytes: number;
  body: Buffer;
  /** Whether the whole request arrived (not cut off). */
  complete: boolean;
  closed: Promise<void>;
}

let api: http.Server;
let target: string;
let seen: Seen[];
let arrived: (entry: Seen) => void = () => undefined;

beforeAll(async () => {
  api = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    let closed!: () => void;
    const entry: Seen = {
      headers: req.headers,
      bytes: 0,
      body: Buffer.alloc(0),
      complete: false,
      closed: new Promise((done) => {
        closed = done;
      }),
    };
    // A request cut off by an earlier test may still arrive: only this test's count.
    if (req.headers['x-test'] !== currentTest) return req.resume();
    seen.push(entry);
    arrived(entry);
    req.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      entry.bytes += chunk.length;
    });
    req.on('end', () => {
      entry.complete = true;
      entry.body = Buffer.concat(chunks);
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ bytes: entry.bytes }));
    });
    req.on('close', () => closed());
    req.on('error', () => closed());
  });
  await new Promise<void>((done) => api.listen(0, '127.0.0.1', done));
  target = `http://127.0.0.1:${(api.address() as AddressInfo).port}/ars/api/file-storage`;
});
afterAll(() => new Promise((done) => api.close(done)));
let currentTest = '';
beforeEach(() => {
  seen = [];
  currentTest = crypto.randomUUID();
});

/** A body sent chunked (no Content-Length), `count` chunks of `size` bytes, to `path` of the web origin. */
function chunked(count: number, size: number, fill = (i: number) => i, path = '/ars/api/file-storage'): Request {
  let i = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (i === count) return controller.close();
      controller.enqueue(new Uint8Array(size).fill(fill(i)));
      i += 1;
    },
  });
  return new Request(`http://localhost:3000${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/octet-stream', 'x-test': currentTest },
    body,
    duplex: 'half',
  } as RequestInit);
}

describe('forwardToApi: request bodies', () => {
  it('refuses a chunked body over the limit with 413, and the API never receives a whole request', async () => {
    const reached = new Promise<Seen>((done) => {
      arrived = done;
    });
    const res = await forwardToApi(chunked(10, 300), target, { maxBodyBytes: 1000 });
    expect(res.status).toBe(413);
    // The first 900 bytes were streamed, so the request did reach the API: it must end cut off.
    await (await reached).closed;
    expect(await res.json()).toEqual({
      status: 'error',
      errors: [{ code: 'PAYLOAD_TOO_LARGE', message: 'The request body is too large.' }],
    });
    await Promise.all(seen.map((s) => s.closed));
    expect(seen.filter((s) => s.complete)).toEqual([]);
    for (const s of seen) expect(s.bytes).toBeLessThanOrEqual(1000);
  });

  it('refuses a declared Content-Length over the limit without calling the API', async () => {
    const request = new Request('http://localhost:3000/ars/api/file-storage', {
      method: 'POST',
      headers: { 'content-length': '5000', 'x-test': currentTest },
      body: new Uint8Array(5000),
    });
    const res = await forwardToApi(request, target, { maxBodyBytes: 1000 });
    expect(res.status).toBe(413);
    expect(seen).toEqual([]);
  });

  it('streams a chunked body under the limit to the API intact', async () => {
    const res = await forwardToApi(
      chunked(3, 300, (i) => i + 7),
      target,
      { maxBodyBytes: 1000 },
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ bytes: 900 });
    expect(seen).toHaveLength(1);
    const expected = Buffer.concat([Buffer.alloc(300, 7), Buffer.alloc(300, 8), Buffer.alloc(300, 9)]);
    expect(seen[0]?.body.equals(expected)).toBe(true);
    expect(seen[0]?.headers['content-length']).toBeUndefined();
  });

  it('passes a body of exactly the limit', async () => {
    const res = await forwardToApi(chunked(4, 250), target, { maxBodyBytes: 1000 });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ bytes: 1000 });
  });
});

describe('forwardToApi: the limit of the route', () => {
  const MB = 1024 * 1024;
  const importPath = '/marketplace-api/seller/events/evt_1/imports';

  it('is 32 MB, but for the import preview (a sheet and a ZIP of photos: 523 MB)', () => {
    expect(maxBodyBytesFor('POST', '/ars/api/file-storage')).toBe(MAX_PROXY_BODY_BYTES);
    expect(maxBodyBytesFor('POST', importPath)).toBe(MAX_IMPORT_BODY_BYTES);
    expect(MAX_IMPORT_BODY_BYTES).toBe(523 * MB);
    // Only that route and method: not its neighbours, not a read, not a path that merely contains it.
    expect(maxBodyBytesFor('PUT', importPath)).toBe(MAX_PROXY_BODY_BYTES);
    expect(maxBodyBytesFor('POST', `${importPath}/imp_1/commit`)).toBe(MAX_PROXY_BODY_BYTES);
    expect(maxBodyBytesFor('POST', `/files${importPath}`)).toBe(MAX_PROXY_BODY_BYTES);
    expect(maxBodyBytesFor('POST', '/marketplace-api/seller/events/a/b/imports')).toBe(MAX_PROXY_BODY_BYTES);
  });

  it('forwards a 40 MB import preview whole; the same body elsewhere is refused with 413', async () => {
    const res = await forwardToApi(
      chunked(40, MB, (i) => i, importPath),
      target,
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ bytes: 40 * MB });
    const elsewhere = await forwardToApi(chunked(40, MB), target);
    expect(elsewhere.status).toBe(413);
  });

  it('refuses an import preview declared over its limit without calling the API', async () => {
    const request = new Request(`http://localhost:3000${importPath}`, {
      method: 'POST',
      headers: { 'content-length': String(MAX_IMPORT_BODY_BYTES + 1), 'x-test': currentTest },
      body: new Uint8Array(10),
    });
    expect((await forwardToApi(request, target)).status).toBe(413);
    expect(seen).toEqual([]);
  });
});

describe('forwardToApi: forwarded headers', () => {
  it('names the host and scheme it was asked for, whatever the client sent', async () => {
    const request = new Request('http://localhost:3000/marketplace/api/categories', {
      headers: { 'x-test': currentTest, 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' },
    });
    const res = await forwardToApi(request, target);
    expect(res.status).toBe(200);
    expect(seen[0]?.headers['x-forwarded-host']).toBe('localhost:3000');
    expect(seen[0]?.headers['x-forwarded-proto']).toBe('http');
  });
});
