import { isRewrite, unstable_doesMiddlewareMatch } from 'next/experimental/testing/server';
import { NextRequest } from 'next/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MAX_PROXY_BODY_BYTES } from './lib/proxy/limits.mjs';
import { config, proxy } from './proxy';
import { makeEventLotDetail } from './test/event-lot-factory';

const PATHS = [
  '/marketplace/api/event/event-lots',
  '/marketplace-api/users/me',
  '/ars/api/file-upload',
  '/user/wishlist/auction-wishlist/data',
  '/user/wishlist-add',
  '/files/demo-photos/a.svg',
  '/openapi.json',
  '/docs',
  '/docs/static/index.html',
  '/healthz',
  '/api/auth/sign-in',
  '/',
  '/marketplace/lots',
  '/marketplace/bid/lathe/lot_1',
  '/marketplace/bid/lathe',
  '/marketplace/bid/lathe/lot_1/more',
  '/marketplace/api',
  '/documents',
  '/login',
  '/_next/static/chunks/main.js',
  '/_next/image',
];

afterEach(() => {
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
});

describe('proxy matcher', () => {
  it.each(PATHS)('covers %s unless it is Next build output or the image route', (path) => {
    expect(unstable_doesMiddlewareMatch({ config, url: path })).toBe(!path.startsWith('/_next/'));
  });
});

describe('proxy: security headers of pages (decision 0029)', () => {
  const nonceOf = (policy: string | null) => /'nonce-([^']+)'/.exec(policy ?? '')?.[1];

  it('gives every page a fresh nonce, in the policy the render reads and in the answer', async () => {
    const first = await proxy(new NextRequest('http://localhost:3000/marketplace/lots'));
    const second = await proxy(new NextRequest('http://localhost:3000/'));
    const policy = first.headers.get('content-security-policy');
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("'strict-dynamic'");
    expect(first.headers.get('x-middleware-request-content-security-policy')).toBe(policy);
    expect(nonceOf(policy)).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(nonceOf(second.headers.get('content-security-policy'))).not.toBe(nonceOf(policy));
    expect(first.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(first.headers.get('permissions-policy')).toContain('geolocation=(self)');
    expect(first.headers.get('permissions-policy')).toContain('camera=()');
    expect(first.headers.get('x-content-type-options')).toBe('nosniff');
    expect(first.headers.get('strict-transport-security')).toBeNull();
  });

  it('adds HSTS when the public origin is https, and the tile host when MAP_TILE_URL is set', async () => {
    vi.stubEnv('PUBLIC_ORIGIN', 'https://lotline.example');
    vi.stubEnv('MAP_TILE_URL', 'https://{s}.tile.example.org/{z}/{x}/{y}.png');
    const response = await proxy(new NextRequest('https://lotline.example/marketplace/events'));
    expect(response.headers.get('strict-transport-security')).toMatch(/^max-age=63072000/);
    expect(response.headers.get('content-security-policy')).toContain(
      "img-src 'self' data: blob: https://*.tile.example.org",
    );
  });

  it('secures the lot route’s answers too, its 301 included', async () => {
    const lot = makeEventLotDetail({ _id: 'lot_1', mp2Id: 'mp2_1', name: 'Lathe' });
    vi.stubGlobal('fetch', async () => Response.json({ status: 'success', data: lot }));
    const response = await proxy(new NextRequest('http://localhost:3000/marketplace/bid/old/mp2_1'));
    expect(response.status).toBe(301);
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });
});

describe('proxy: one request id per page request (decision 0095)', () => {
  it('gives the render and the answer one id, keeping a sane one the client sent and replacing a forged one', async () => {
    const fresh = await proxy(new NextRequest('http://localhost:3000/marketplace/lots'));
    const id = fresh.headers.get('x-request-id');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(fresh.headers.get('x-middleware-request-x-request-id')).toBe(id);
    const other = await proxy(new NextRequest('http://localhost:3000/'));
    expect(other.headers.get('x-request-id')).not.toBe(id);

    const kept = await proxy(new NextRequest('http://localhost:3000/', { headers: { 'x-request-id': 'lb-7f3a.1' } }));
    expect(kept.headers.get('x-middleware-request-x-request-id')).toBe('lb-7f3a.1');
    const forged = await proxy(
      new NextRequest('http://localhost:3000/', { headers: { 'x-request-id': 'a b"} injected' } }),
    );
    expect(forged.headers.get('x-middleware-request-x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('sends that id with the lot route’s read of the lot', async () => {
    const lot = makeEventLotDetail({ _id: 'lot_1', mp2Id: 'mp2_1', name: 'Lathe' });
    const sent: (string | null)[] = [];
    vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
      sent.push(new Headers(init.headers).get('x-request-id'));
      return Response.json({ status: 'success', data: lot });
    });
    const response = await proxy(new NextRequest('http://localhost:3000/marketplace/bid/old/mp2_1'));
    expect(sent).toEqual([response.headers.get('x-request-id')]);
  });
});

describe('proxy', () => {
  it('forwards API paths to API_URL, read at request time, with method, query, cookies and body', async () => {
    vi.stubEnv('API_URL', 'http://api.internal:4000');
    const seen: { url: string; method: string; cookie: string | null; host: string | null; body: string }[] = [];
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      const headers = new Headers(init.headers);
      seen.push({
        url,
        method: String(init.method),
        cookie: headers.get('cookie'),
        host: headers.get('x-forwarded-host'),
        body: init.body ? await new Response(init.body).text() : '',
      });
      const answer = new Headers({ 'content-type': 'application/json' });
      answer.append('set-cookie', 'a=1; HttpOnly');
      answer.append('set-cookie', 'b=2; HttpOnly');
      return new Response('{"status":"success","data":{}}', { status: 201, headers: answer });
    });
    const response = await proxy(
      new NextRequest('http://localhost:3000/marketplace/api/things?x=1', {
        method: 'POST',
        headers: { cookie: 'session=s', 'content-type': 'application/json' },
        body: '{"a":1}',
      }),
    );
    expect(seen).toEqual([
      {
        url: 'http://api.internal:4000/marketplace/api/things?x=1',
        method: 'POST',
        cookie: 'session=s',
        host: 'localhost:3000',
        body: '{"a":1}',
      },
    ]);
    expect(response.status).toBe(201);
    expect(response.headers.getSetCookie()).toEqual(['a=1; HttpOnly', 'b=2; HttpOnly']);
    // The API's internal address never reaches the browser.
    expect(response.headers.get('x-middleware-rewrite')).toBeNull();
    expect(await response.json()).toEqual({ status: 'success', data: {} });
  });

  it('answers 503 with the error envelope when the API is not reachable', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('fetch failed');
    });
    const response = await proxy(new NextRequest('http://localhost:3000/healthz'));
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ status: 'error', errors: [{ code: 'SERVICE_UNAVAILABLE' }] });
  });

  it('leaves page routes to Next', async () => {
    const response = await proxy(new NextRequest('http://localhost:3000/marketplace/lots?page=2'));
    expect(isRewrite(response as never)).toBe(false);
    expect(response.headers.get('x-middleware-next')).toBe('1');
  });

  it('under next dev, keeps 32 MiB for the import preview too (Next.js cuts bodies past 33 MiB)', async () => {
    const request = new NextRequest('http://localhost:3000/marketplace-api/seller/events/ev_1/imports', {
      method: 'POST',
      headers: { 'content-length': String(MAX_PROXY_BODY_BYTES + 1) },
    });
    expect((await proxy(request)).status).toBe(413);
  });

  it('refuses bodies larger than it can forward whole', async () => {
    const request = new NextRequest('http://localhost:3000/ars/api/upload', {
      method: 'POST',
      headers: { 'content-length': String(MAX_PROXY_BODY_BYTES + 1) },
    });
    const response = await proxy(request);
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ status: 'error', errors: [{ code: 'PAYLOAD_TOO_LARGE' }] });
  });
});
