import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { markDegraded } from './degraded.mjs';
import { cacheableRequest, PAGE_TAGS_HEADER, PAGE_TTL_MS, PageCache, pageCacheBytes, pageOf } from './page-cache.mjs';

/**
 * The page cache (decision 0103) in front of a stand-in for Next.js: a render that writes a page with its own
 * nonce in the policy and the HTML, counts its calls, and can be held, fail or set a cookie. Real HTTP on
 * loopback, as apps/web/server.mjs runs it.
 */

const LOT_PATH = '/marketplace/bid/wheel-loader/lot_1';
let clock = 1_000_000;
let cache: PageCache;
let renders = 0;
let hold: Promise<void> | null = null;
let behaviour: { status?: number; cookie?: string; degrade?: boolean; price?: string } = {};
let server: http.Server;
let origin: string;

async function render(request: IncomingMessage, response: ServerResponse) {
  renders++;
  const nonce = Buffer.from(`nonce-of-render-${renders}`).toString('base64');
  const price = behaviour.price ?? '$100';
  if (behaviour.degrade) markDegraded(String(request.headers['x-request-id']));
  if (hold) await hold;
  response.statusCode = behaviour.status ?? 200;
  response.setHeader('content-type', 'text/html; charset=utf-8');
  response.setHeader('content-security-policy', `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`);
  response.setHeader('x-request-id', String(request.headers['x-request-id']));
  if (request.url?.startsWith('/marketplace/bid/')) response.setHeader(PAGE_TAGS_HEADER, 'lot:lot_1 event:evt_1');
  const cookies = [
    ...(request.url?.startsWith('/marketplace/bid/')
      ? [
          'lots_viewed=%5B%22lot_1%22%5D; Path=/; Expires=Thu, 04 Mar 2027 02:10:42 GMT; Max-Age=7776000; HttpOnly; SameSite=lax',
        ]
      : []),
    ...(behaviour.cookie ? [behaviour.cookie] : []),
  ];
  if (cookies.length > 0) response.setHeader('set-cookie', cookies);
  response.write(`<html><body><p>${price}</p>`);
  response.end(
    `<script nonce="${nonce}">self.x=1</script><script nonce="${nonce}" src="/a.js"></script></body></html>`,
  );
}

beforeAll(async () => {
  server = http.createServer((request, response) => {
    void cache.handle(request, response, render);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((done) => server.close(done));
});
beforeEach(() => {
  cache = new PageCache({ maxBytes: 1024 * 1024, now: () => clock });
  cache.live = true;
  renders = 0;
  hold = null;
  behaviour = {};
});

async function get(path = LOT_PATH, headers: Record<string, string> = {}) {
  const response = await fetch(`${origin}${path}`, { headers: { 'accept-encoding': 'identity', ...headers } });
  const body = await response.text();
  const how = response.headers.get('x-page-cache');
  // A render's page is kept once its parts are compressed, after its answer has gone: wait for that.
  if (how === 'miss') await cache.inflight.get(path);
  return { response, body, how };
}
const nonceIn = (csp: string | null) => /'nonce-([^']+)'/.exec(csp ?? '')?.[1];

describe('the page cache', () => {
  it('serves a visitor the kept page with a nonce, a request id and a recently viewed cookie of their own', async () => {
    const first = await get(LOT_PATH, { 'x-request-id': 'first-1' });
    expect(first.how).toBe('miss');
    expect(first.response.headers.get(PAGE_TAGS_HEADER)).toBeNull();
    const second = await get(LOT_PATH, { 'x-request-id': 'second-2', cookie: 'lots_viewed=%5B%22lot_9%22%5D' });
    expect([second.how, renders]).toEqual(['hit', 1]);
    const [a, b] = [
      nonceIn(first.response.headers.get('content-security-policy')),
      nonceIn(second.response.headers.get('content-security-policy')),
    ];
    expect(a && b && a !== b).toBe(true);
    // The page's scripts carry the answer's nonce, never the stored one.
    expect(second.body).toContain(`<script nonce="${b}">`);
    expect(second.body).not.toContain(String(a));
    expect(second.body.replaceAll(String(b), 'N')).toBe(first.body.replaceAll(String(a), 'N'));
    expect(second.response.headers.get('x-request-id')).toBe('second-2');
    expect(second.response.headers.get('set-cookie')).toBe(
      `lots_viewed=${encodeURIComponent('["lot_1","lot_9"]')}; Path=/; Max-Age=7776000; HttpOnly; SameSite=lax`,
    );
  });

  it('compresses a kept page for a client that takes gzip', async () => {
    await get();
    const raw = await new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve) => {
      http.get(`${origin}${LOT_PATH}`, { headers: { 'accept-encoding': 'gzip, br' } }, (res) => {
        const parts: Buffer[] = [];
        res.on('data', (c: Buffer) => parts.push(c));
        res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(parts) }));
      });
    });
    expect(raw.headers['content-encoding']).toBe('gzip');
    expect(raw.headers.vary).toContain('Accept-Encoding');
    expect(gunzipSync(raw.body).toString()).toContain('<p>$100</p>');
  });

  it('renders a page again once the API says its lot or its event changed, and serves the old one meanwhile', async () => {
    await get();
    cache.invalidate(['lot:lot_other']);
    expect((await get()).how).toBe('hit');
    behaviour.price = '$120';
    cache.invalidate(['lot:lot_1']);
    // One request renders the new page; another, during that render, is served the one before (a second old).
    let release = () => {};
    hold = new Promise<void>((done) => {
      release = done;
    });
    const rendering = get();
    await new Promise((done) => setTimeout(done, 50));
    const during = await get();
    expect([during.how, during.body.includes('$100')]).toEqual(['stale', true]);
    release();
    expect((await rendering).body).toContain('$120');
    expect((await get()).how).toBe('hit');
    expect(renders).toBe(2);
    // An event's pause reaches its lots' pages.
    cache.invalidate(['event:evt_1']);
    expect((await get()).how).toBe('miss');
  });

  it('keeps a render that started before a change as out of date', async () => {
    let release = () => {};
    hold = new Promise<void>((done) => {
      release = done;
    });
    const rendering = get();
    await new Promise((done) => setTimeout(done, 50));
    cache.invalidate(['lot:lot_1']);
    release();
    await rendering;
    hold = null;
    clock += STALE_AFTER;
    expect((await get()).how).toBe('miss');
  });

  it('renders once for many visitors arriving together', async () => {
    let release = () => {};
    hold = new Promise<void>((done) => {
      release = done;
    });
    const all = Array.from({ length: 20 }, () => get());
    await new Promise((done) => setTimeout(done, 100));
    release();
    const answers = await Promise.all(all);
    expect(renders).toBe(1);
    expect(answers.every((a) => a.response.status === 200 && a.body.includes('$100'))).toBe(true);
  });

  it('keeps neither of two renders sent with the same request id while one of them saw a failed read', async () => {
    let release = () => {};
    hold = new Promise<void>((done) => {
      release = done;
    });
    behaviour = { degrade: true };
    const first = get(LOT_PATH, { 'x-request-id': 'same-id' });
    await new Promise((done) => setTimeout(done, 50));
    behaviour = {};
    const second = get(`${LOT_PATH}?b=1`, { 'x-request-id': 'same-id' });
    await new Promise((done) => setTimeout(done, 50));
    release();
    await Promise.all([first, second]);
    expect([(await get()).how, (await get(`${LOT_PATH}?b=1`)).how]).toEqual(['miss', 'miss']);
  });

  it('keeps a page for its time at most', async () => {
    await get();
    clock += PAGE_TTL_MS.lot - 1;
    expect((await get()).how).toBe('hit');
    clock += 1 + STALE_AFTER;
    expect((await get()).how).toBe('miss');
  });

  it('never keeps an error, a degraded render, a page setting another cookie, or a page while the changes are not followed', async () => {
    behaviour = { status: 503 };
    await get();
    behaviour = { degrade: true };
    await get();
    behaviour = { cookie: 'theirs=1; Path=/' };
    await get();
    behaviour = {};
    cache.live = false;
    expect((await get()).how).toBeNull();
    cache.live = true;
    expect((await get()).how).toBe('miss');
    expect(renders).toBe(5);
    expect((await get()).how).toBe('hit');
  });

  it('renders afresh for a session, any other cookie, the router’s requests and a browse page with its recently viewed list', async () => {
    await get();
    await get('/marketplace/lots?keyword=loader');
    const fresh = [
      await get(LOT_PATH, { cookie: 'lotline.session_token=abc' }),
      await get(LOT_PATH, { cookie: 'lots_viewed=%5B%5D; other=1' }),
      await get(LOT_PATH, { rsc: '1' }),
      await get(`${LOT_PATH}?_rsc=abc`),
      await get('/marketplace/lots?keyword=loader', { cookie: 'lots_viewed=%5B%22lot_1%22%5D' }),
    ];
    expect(fresh.map((f) => f.how)).toEqual([null, null, null, null, null]);
    expect(fresh.map((f) => f.response.headers.get(PAGE_TAGS_HEADER))).toEqual([null, null, null, null, null]);
    expect(renders).toBe(7);
    expect((await get('/marketplace/lots?keyword=loader')).how).toBe('hit');
  });

  it('keeps a page whose content changed, or whose change stream was lost, while its parts were compressed as out of date', async () => {
    // `keep` stores a finished render (not in the module's types: nothing outside the cache calls it).
    const internals = cache as unknown as { keep: (...args: unknown[]) => Promise<void> };
    const keep = internals.keep.bind(cache);
    let during: () => void = () => {};
    internals.keep = (...args: unknown[]) => {
      // The render has answered and its parts are being compressed in zlib's threads: the change comes now.
      const kept = keep(...args);
      during();
      return kept;
    };
    during = () => cache.invalidate(['lot:lot_1']);
    expect((await get()).how).toBe('miss');
    expect(cache.entries.get(LOT_PATH)?.staleAt).not.toBeNull();
    during = () => {};
    expect([(await get()).how, renders]).toEqual(['miss', 2]);
    expect([(await get()).how, renders]).toEqual(['hit', 2]);
    during = () => cache.clear();
    clock += PAGE_TTL_MS.lot;
    expect([(await get()).how, renders]).toEqual(['miss', 3]);
    during = () => {};
    expect([(await get()).how, renders]).toEqual(['miss', 4]);
  });

  it('drops the least recently used pages past its size, and nothing with a size of 0', async () => {
    cache = new PageCache({ maxBytes: 300, now: () => clock });
    cache.live = true;
    await get('/marketplace/lots/a');
    await get('/marketplace/lots/b');
    expect([...cache.entries.keys()]).toEqual(['/marketplace/lots/b']);
    expect(cache.bytes).toBeLessThanOrEqual(300);
    // A dropped lot page leaves nothing in the tag index.
    await get();
    expect([...cache.tagged.keys()].sort()).toEqual(['event:evt_1', 'lot:lot_1']);
    await get('/marketplace/lots/c');
    expect([...cache.tagged.keys()]).toEqual(['catalog']);
    cache = new PageCache({ maxBytes: 0, now: () => clock });
    cache.live = true;
    await get();
    expect((await get()).how).toBeNull();
  });

  it('empties itself when told the changes may have been missed', async () => {
    await get();
    cache.clear();
    expect((await get()).how).toBe('miss');
  });
});

const STALE_AFTER = 1_000;

describe('what the cache takes', () => {
  it('caches the lot, event, browse and seller pages, by their URL’s ids', () => {
    expect(pageOf('/marketplace/bid/a-b/lot_%7E1')).toEqual({ kind: 'lot', tags: ['lot:lot_~1'], lotId: 'lot_~1' });
    expect(pageOf('/marketplace/event/auction/evt_1')).toEqual({ kind: 'event', tags: ['event:evt_1'] });
    // Browse and seller pages list events and lots: any event's change (tagsOfChanges' `catalog`) ends them.
    expect(pageOf('/marketplace/lots')).toEqual({ kind: 'browse', tags: ['catalog'] });
    expect(pageOf('/marketplace/lots/loaders')).toEqual({ kind: 'browse', tags: ['catalog'] });
    expect(pageOf('/marketplace/seller/acme/cmp_1')).toEqual({ kind: 'seller', tags: ['catalog'] });
    for (const other of ['/', '/account', '/marketplace/bid/a', '/staff/users', '/marketplace/bid/a/%E0%A4%A']) {
      expect(pageOf(other)).toBeNull();
    }
  });

  it('is sized by PAGE_CACHE_MB: 64 MB by default, 0 for off, and a clear error for anything else', () => {
    expect(pageCacheBytes(undefined)).toBe(64 * 1024 * 1024);
    expect(pageCacheBytes('')).toBe(64 * 1024 * 1024);
    expect(pageCacheBytes('0')).toBe(0);
    expect(pageCacheBytes('128')).toBe(128 * 1024 * 1024);
    for (const bad of ['-1', '1.5', '4097', 'lots', ' 8', '1e3']) {
      expect(String(pageCacheBytes(bad))).toContain('PAGE_CACHE_MB must be a whole number of megabytes from 0 to 4096');
    }
  });

  it('takes GETs only', () => {
    const request = { method: 'POST', headers: {} } as IncomingMessage;
    expect(cacheableRequest(request, new URL(`http://x${LOT_PATH}`), { kind: 'lot' })).toBe(false);
  });
});
