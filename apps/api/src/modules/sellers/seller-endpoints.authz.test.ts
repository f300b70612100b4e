import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { callRoute, tableChecksums } from '../../test/authz-walk';
import { signUpUser } from '../identity/test-helpers';
import { memberOf, type Person } from '../seller-company/test-helpers';
import { companyA, type Ids, SELLER_ROUTES, type SellerRoute } from './test-seller-endpoints';

/**
 * Issue 16, "Done when": for every seller endpoint, another company's user
 * gets 403, a buyer 403, a visitor 401, and nothing changes (decision 0054).
 * The routes come from the app itself (an onRoute hook), so a new seller
 * route without a row in SELLER_ROUTES fails here until its row is added.
 */

/** The tables a seller endpoint writes; their checksum must not move on a refused request. */
const TABLES = [
  'companies',
  'company_members',
  'company_invitations',
  'company_locations',
  'events',
  'event_terms',
  'event_attachments',
  'disposition_locations',
  'event_lots',
  'lot_photos',
  'lot_documents',
  'orders',
  'order_history',
  'offers',
  'tenders',
  'registrations',
  'seller_imports',
  'seller_import_photos',
  'payout_accounts',
  'sandbox_connected_accounts',
  'sandbox_account_links',
  'users',
];

const appRoutes: string[] = [];
let t: TestApp;
let ids: Ids;
let other: Person;
let buyer: Person;

beforeAll(async () => {
  t = await createTestApp();
  // Added before the plugins load (at ready), so it sees every route they register.
  t.app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      const key = `${method} ${route.url}`;
      if (route.url.startsWith('/marketplace-api/seller/')) {
        appRoutes.push(key);
      }
    }
  });
  await t.app.ready();
  ids = await companyA(t);
  other = await memberOf(t, (await t.make.company()).id, 'owner', 'Otto Other');
  buyer = (await signUpUser(t, { name: 'Bea Buyer' })) as Person;
}, 60_000);
afterAll(() => t.close());

const keyOf = (route: SellerRoute) => `${route.method} ${route.url}`;

const checksum = () => tableChecksums(t, TABLES);

function call(route: SellerRoute, who: Person | null) {
  const query = route.query?.(ids);
  const params = route.params?.(ids) ?? {};
  return callRoute(
    t,
    { method: route.method, url: route.url, params, body: route.body?.(ids), ...(query ? { query } : {}) },
    who,
  );
}

describe('every seller endpoint', () => {
  it('has a row in the table (and every row is a route of the app)', () => {
    const table = SELLER_ROUTES.map(keyOf);
    expect(appRoutes.length).toBeGreaterThan(40);
    expect(appRoutes.filter((route) => !table.includes(route))).toEqual([]);
    expect(table.filter((route) => !appRoutes.includes(route))).toEqual([]);
  });

  it.each(SELLER_ROUTES.map((route) => [keyOf(route), route] as const))(
    '%s: another company 403, a buyer 403, a visitor 401, nothing changes',
    async (_, route) => {
      const before = await checksum();
      const stranger = await call(route, other);
      if (route.list) {
        // Names no company: the caller's own list, without any of company A's things.
        expect(stranger.statusCode, stranger.body).toBe(200);
        for (const id of [ids.companyId, ids.eventId, ids.lotId, ids.orderId, ids.offerId, ids.tenderLotId]) {
          expect(stranger.body).not.toContain(id);
        }
      } else {
        expect(stranger.statusCode, stranger.body).toBe(403);
        expect(stranger.json().errors[0].code).toBe('FORBIDDEN');
      }
      const asBuyer = await call(route, buyer);
      expect(asBuyer.statusCode, asBuyer.body).toBe(403);
      expect(asBuyer.json().errors[0].code).toBe('FORBIDDEN');
      const visitor = await call(route, null);
      expect(visitor.statusCode, visitor.body).toBe(401);
      expect(await checksum()).toEqual(before);
    },
  );
});
