import { offers, orders, users } from '@lotline/db/schema';
import { seedDatabase } from '@lotline/db/seed';
import { createTestDatabase } from '@lotline/db/testing';
import { eq } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { testConfig } from '../../config';
import { demoOffers } from './demo-offers';

let handle: Awaited<ReturnType<typeof createTestDatabase>>;
let result: Awaited<ReturnType<typeof demoOffers>>;

beforeAll(async () => {
  handle = await createTestDatabase();
  // The e2e server's size: the browser tests rely on these offers.
  await seedDatabase(handle.db, { lots: 600, now: new Date() });
  result = await demoOffers({ db: handle.db, config: testConfig(), logger: pino({ level: 'silent' }) });
}, 240_000);
afterAll(() => handle.cleanup());

const all = () =>
  handle.db
    .select({
      status: offers.status,
      email: users.email,
      orderId: offers.orderId,
      companyId: offers.companyId,
      lotId: offers.lotId,
    })
    .from(offers)
    .innerJoin(users, eq(users.id, offers.buyerUserId));

it('makes offers in every state on one featured seller’s items', async () => {
  const rows = await all();
  expect(rows).toHaveLength(result.offers);
  expect(new Set(rows.map((r) => r.status))).toEqual(
    new Set(['pending', 'countered', 'expired', 'accepted', 'declined', 'withdrawn']),
  );
  expect(new Set(rows.map((r) => r.companyId))).toEqual(new Set([result.companyId]));
});

it('gives bidder3 a pending, a countered and an expired offer, and nobody else of bidder1..4 any', async () => {
  const rows = await all();
  const bidder3 = rows.filter((r) => r.email === 'bidder3@example.com');
  expect(bidder3.map((r) => r.status).sort()).toEqual(['countered', 'expired', 'pending']);
  // Each on its own item: the browser tests answer them one by one.
  expect(new Set(bidder3.map((r) => r.lotId)).size).toBe(3);
  expect(rows.filter((r) => /^bidder[124]@/.test(r.email))).toEqual([]);
});

it('the accepted offer has its order, placed through the order code', async () => {
  const accepted = (await all()).find((r) => r.status === 'accepted');
  const [order] = await handle.db
    .select()
    .from(orders)
    .where(eq(orders.id, accepted?.orderId ?? ''));
  expect(order).toMatchObject({ source: 'offer', approval: 'approved' });
});
