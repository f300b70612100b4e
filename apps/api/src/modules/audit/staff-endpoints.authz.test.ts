import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { callRoute, tableChecksums } from '../../test/authz-walk';
import { signUpUser } from '../identity/test-helpers';
import type { Person } from '../seller-company/test-helpers';
import { companyA } from '../sellers/test-seller-endpoints';
import { paramsOf, STAFF_ROUTES, type StaffIds, type StaffRoute } from './test-staff-endpoints';

/**
 * Contract §6: every staff endpoint answers a visitor 401 and any other user 403 (a seller, even of the company
 * whose order, event or lot the path names; a buyer), with the error envelope, and changes nothing. The routes
 * come from the app (an onRoute hook): every route whose access requires the staff role and every route under
 * `/marketplace-api/staff/`, so a new staff route without a row in STAFF_ROUTES fails here (decision 0088).
 */

const STAFF_PREFIX = '/marketplace-api/staff/';
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const appRoutes: string[] = [];
let t: TestApp;
let ids: StaffIds;
let owner: Person;
let buyer: Person;

beforeAll(async () => {
  t = await createTestApp();
  // Added before the plugins load (at ready), so it sees every route they register.
  t.app.addHook('onRoute', (route) => {
    const access = route.config?.access;
    const staffRole = access?.session === 'required' && access.role !== undefined;
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD' && (staffRole || route.url.startsWith(STAFF_PREFIX)))
        appRoutes.push(`${method} ${route.url}`);
    }
  });
  await t.app.ready();
  const a = await companyA(t);
  owner = a.owner;
  const [category, brand] = [await t.make.category(), await t.make.brand()];
  ids = { ...a, userId: a.owner.id, categoryId: category.id, brandId: brand.id };
  buyer = (await signUpUser(t, { name: 'Bea Buyer' })) as Person;
}, 60_000);
afterAll(() => t.close());

const call = (key: string, route: StaffRoute, who: Person | null) => {
  const [method = 'GET', url = ''] = key.split(' ');
  const query = route.query?.(ids);
  return callRoute(
    t,
    { method, url, params: paramsOf(ids), body: route.body?.(ids), ...(query ? { query } : {}) },
    who,
  );
};

const refusal = (code: string) => ({ status: 'error', errors: [{ code, message: expect.any(String) }] });

describe('every staff endpoint', () => {
  it('has a row in the table (and every row is a route of the app)', () => {
    const table = Object.keys(STAFF_ROUTES);
    expect(appRoutes.length).toBeGreaterThan(60);
    expect(appRoutes.filter((route) => !table.includes(route))).toEqual([]);
    expect(table.filter((route) => !appRoutes.includes(route))).toEqual([]);
  });

  it('declares, for each write, the audit actions a success records (or why it may record none)', () => {
    const undeclared = Object.entries(STAFF_ROUTES).filter(
      ([key, route]) => WRITES.has(key.split(' ')[0] ?? '') && !route.audits?.length && !route.quiet,
    );
    expect(undeclared.map(([key]) => key)).toEqual([]);
  });

  it.each(Object.entries(STAFF_ROUTES))(
    '%s: a seller 403, a buyer 403, a visitor 401, nothing changes',
    async (key, route) => {
      const before = await tableChecksums(t);
      // The company's own owner, whose order, event, lot and registration the path names (decision 0098).
      const seller = await call(key, route, owner);
      expect([seller.statusCode, seller.json()], seller.body).toEqual([403, refusal('FORBIDDEN')]);
      const asBuyer = await call(key, route, buyer);
      expect([asBuyer.statusCode, asBuyer.json()], asBuyer.body).toEqual([403, refusal('FORBIDDEN')]);
      const visitor = await call(key, route, null);
      expect([visitor.statusCode, visitor.json()], visitor.body).toEqual([401, refusal('UNAUTHENTICATED')]);
      expect(await tableChecksums(t)).toEqual(before);
    },
  );
});
