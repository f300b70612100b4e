import { getRewrittenUrl, isRewrite, unstable_doesMiddlewareMatch } from 'next/experimental/testing/server';
import { NextRequest } from 'next/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
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
  '/marketplace/api',
  '/documents',
  '/login',
];

afterEach(() => vi.unstubAllEnvs());

describe('proxy matcher', () => {
  it.each(PATHS)('agrees with isApiPath for %s', (path) => {
    expect(unstable_doesMiddlewareMatch({ config, url: path })).toBe(isApiPath(path));
  });
});

describe('proxy', () => {
  it('rewrites API paths to API_URL, read at request time, keeping the query', () => {
    vi.stubEnv('API_URL', 'http://api.internal:4000');
    const response = proxy(new NextRequest('http://localhost:3000/marketplace/api/event/event-lots?pageSize=15'));
    expect(isRewrite(response)).toBe(true);
    expect(getRewrittenUrl(response)).toBe('http://api.internal:4000/marketplace/api/event/event-lots?pageSize=15');
  });

  it('leaves page routes to Next', () => {
    expect(isRewrite(proxy(new NextRequest('http://localhost:3000/marketplace/lots?page=2')))).toBe(false);
  });

  it('refuses bodies larger than it can forward whole', async () => {
    const request = new NextRequest('http://localhost:3000/ars/api/upload', {
      method: 'POST',
      headers: { 'content-length': String(MAX_PROXY_BODY_BYTES + 1) },
    });
    const response = proxy(request);
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ status: 'error', errors: [{ code: 'PAYLOAD_TOO_LARGE' }] });
  });
});
