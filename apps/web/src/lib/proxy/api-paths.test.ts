import { describe, expect, it } from 'vitest';
import { apiTargetUrl, isApiPath } from './api-paths.mjs';

describe('isApiPath', () => {
  it.each([
    '/marketplace/api/event/event-lots',
    '/marketplace/api/places',
    '/marketplace/api/places/nearest',
    '/marketplace-api/users/me',
    '/ars/api/v2/event/events/ev_1/event-locations',
    '/ars/api/file-upload',
    '/user/wishlist/auction-lot-wishlist/data',
    '/user/wishlist-add',
    '/user/wishlist-delete',
    '/files/demo-photos/machine-tools-3.svg',
    '/payments-sandbox/setup/seti_sbx_1',
    '/payments/webhooks/stripe',
    '/openapi.json',
    '/docs',
    '/docs/static/index.html',
    '/healthz',
    '/readyz',
    '/api/auth/sign-in',
  ])('forwards %s', (path) => {
    expect(isApiPath(path)).toBe(true);
  });

  it.each([
    '/',
    '/marketplace/lots',
    '/marketplace/lots/cnc-machines',
    '/marketplace/bid/haas-vf-2/mp2_1',
    '/marketplace/api',
    '/marketplace/legal/terms-of-use',
    '/login',
    '/documents',
    '/healthz-check',
    // Scraped on the API's own port only (decision 0095).
    '/metrics',
    '/_next/static/chunk.js',
    '/placeholder-lot.svg',
  ])('keeps %s with Next', (path) => {
    expect(isApiPath(path)).toBe(false);
  });
});

describe('apiTargetUrl', () => {
  it('keeps path and query string', () => {
    expect(apiTargetUrl('http://127.0.0.1:3001/', '/marketplace/api/event/event-lots', '?pageSize=15')).toBe(
      'http://127.0.0.1:3001/marketplace/api/event/event-lots?pageSize=15',
    );
  });
});
