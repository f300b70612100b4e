import { errorEnvelope } from '@lotline/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/**
 * The read endpoints' ids and slugs (lots, events, sellers, catalogue): a NUL
 * or other control character is a 400, never a database error (PostgreSQL
 * refuses NUL in text).
 */
describe('ids and slugs with control characters', () => {
  it.each([
    '/marketplace/api/lots/a%00b',
    `/marketplace/api/lots/recently-viewed?ids=${encodeURIComponent('["a\\u0000"]')}`,
    '/marketplace/api/lots/recently-viewed?ids=a%01,b',
    '/marketplace/api/companies/a%00',
    '/marketplace/api/companies/by-slug/a%0A',
    '/marketplace/api/event/events/a%00',
    '/ars/api/v2/event/events/a%00/event-locations',
    '/marketplace/api/catalog/products/a%00',
    '/marketplace/api/catalog/products?product-category=a%00',
    '/marketplace/api/category/product-categories/by-slug/a%00',
  ])('%s is 400', async (path) => {
    const res = await t.app.inject({ method: 'GET', url: path });
    expect(res.statusCode, res.body).toBe(400);
    expect(errorEnvelope.parse(res.json()).errors[0]?.code).toBe('VALIDATION_FAILED');
  });
});
