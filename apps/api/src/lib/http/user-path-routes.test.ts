import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';

/**
 * Contract §1: a `{userId}` resource answers only its user (or an admin reading).
 * Every route with a `:userId` path parameter (`/marketplace-api/users/:userId/…`,
 * `/marketplace/api/identity/users/:userId/…`) must say so in its access option,
 * so a new route cannot forget the check (decision 0033). Staff's own paths
 * (`/marketplace-api/staff/users/:userId`, contract §6) name another user on
 * purpose and are staff-only by role instead (staff-users' own tests).
 */

const STAFF = '/marketplace-api/staff/';

const routes: { method: string; url: string; userPath: string | undefined }[] = [];
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  // Added before the plugins load (at ready), so it sees every route they register.
  t.app.addHook('onRoute', (route) => {
    const access = route.config?.access;
    const userPath = access?.session === 'required' ? access.userPath : undefined;
    for (const method of [route.method].flat()) routes.push({ method, url: route.url, userPath });
  });
  await t.app.ready();
});
afterAll(() => t.close());

describe('routes under a {userId} path', () => {
  it('all declare userPath access (read or own)', () => {
    const userRoutes = routes.filter(
      (route) => route.url.includes('/:userId') && !route.url.startsWith(STAFF) && route.method !== 'HEAD',
    );
    // The watchlist's identity paths and the account area's, at least.
    expect(userRoutes.map((route) => route.url)).toContain('/marketplace/api/identity/users/:userId/wishlists');
    expect(userRoutes.length).toBeGreaterThan(20);
    expect(userRoutes.filter((route) => !route.userPath)).toEqual([]);
  });

  it('read with GET, change as the user themself with every other method', () => {
    const mismatched = routes.filter(
      (route) =>
        route.url.includes('/:userId') &&
        !route.url.startsWith(STAFF) &&
        route.method !== 'HEAD' &&
        // Setting a var is the one change an admin may make on another user (`skip-tax-exemption`).
        route.url !== '/marketplace-api/users/:userId/vars/:key' &&
        route.userPath !== (route.method === 'GET' ? 'read' : 'own'),
    );
    expect(mismatched).toEqual([]);
  });
});
