import { isRewrite, unstable_doesMiddlewareMatch } from 'next/experimental/testing/server';
import { NextRequest } from 'next/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseLotPath } from './lib/lots/lot-path';
import { isApiPath } from './lib/proxy/api-paths';
import { MAX_PROXY_BODY_BYTES } from './lib/proxy/limits';
import { config, proxy } from './proxy';

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
];

afterEach(() => {
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
});

describe('proxy matcher', () => {
  it.each(PATHS)('agrees with isApiPath and the lot route for %s', (path) => {
    expect(unstable_doesMiddlewareMatch({ config, url: path })).toBe(isApiPath(path) || parseLotPath(path) !== null);
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
