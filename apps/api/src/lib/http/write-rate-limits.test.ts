import { bids, idempotencyKeys, rateLimits, termsVersions, users } from '@lotline/db/schema';
import { eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bid, lotState, openLot, bidder as registeredBidder } from '../../modules/bidding/test-helpers';
import { sellerOf } from '../../modules/messaging/test-helpers';
import { buy, buyNowItem, ordersOf, stockOf } from '../../modules/purchases/test-helpers';
import { bidder as verifiedBuyer } from '../../modules/registrations/test-helpers';
import { api } from '../../modules/seller-events/test-helpers';
import { createLot, eventLotsPath, lotBody, lotScene, storedLots } from '../../modules/seller-lots/test-helpers';
import { putTender, readJson, tenderer, tenderScene, tenderUrl } from '../../modules/tenders/test-helpers';
import { createTestApp, type TestApp } from '../../test/app';

/**
 * Decision 0069: bids, trades (tenders, purchases, offers) and seller writes are counted per signed-in user; past the
 * allowance the write answers 429 RATE_LIMITED with Retry-After and changes nothing, and other users are unaffected.
 * The allowances are made small here through the config's overrides (production: 30/10 s, 60/min, 120/min).
 */
const LIMIT = 2;
const small = { limit: LIMIT, windowMs: 3_600_000 };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    config: { rateLimitOverrides: { 'bid:user': small, 'trade-write:user': small, 'seller-write:user': small } },
  });
});
afterAll(async () => {
  await t.close();
});

function expectLimited(res: { statusCode: number; headers: Record<string, unknown>; json(): unknown }) {
  expect(res.statusCode).toBe(429);
  expect((res.json() as { errors: { code: string }[] }).errors.map((e) => e.code)).toEqual(['RATE_LIMITED']);
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
}

describe('rate limits of the money and seller writes', () => {
  it('bids: the third bid of one user is refused and places nothing; another bidder still bids', async () => {
    const { event, lot } = await openLot(t, { startingBid: 100_000 });
    const ann = await registeredBidder(t, event.id, 'Ann Fast');
    const ben = await registeredBidder(t, event.id, 'Ben Calm');
    expect((await bid(t, ann, lot.id, { amount: 100_000 })).statusCode).toBe(201);
    // Refusals by the rules count too: the limit is on attempts.
    expect((await bid(t, ann, lot.id, { amount: 100_000 })).statusCode).toBe(409);
    const before = await lotState(t, lot.id);
    expectLimited(await bid(t, ann, lot.id, { amount: 200_000, maxAmount: 300_000 }));
    expect(await lotState(t, lot.id)).toEqual(before);
    expect((await bid(t, ben, lot.id, { amount: 150_000 })).statusCode).toBe(201);
  });

  it("bids: the checks run while the bid waits in its lot's queue; over the limit is 429 before the Terms' 403, and neither claims the key nor places anything", async () => {
    // An app of its own: a new Terms version here would stop the other tests' bidders.
    const own = await createTestApp({ config: { rateLimitOverrides: { 'bid:user': small } } });
    try {
      const { event, lot } = await openLot(own, { startingBid: 100_000 });
      const ann = await registeredBidder(own, event.id, 'Ann Older');
      await own.db.update(users).set({ createdAt: sql`now() - interval '30 days'` }).where(eq(users.id, ann.id));
      await own.db.insert(termsVersions).values([
        { number: 1, markdown: 'The first terms.', publishedAt: sql`now() - interval '60 days'` },
        { number: 2, markdown: 'The new terms.' },
      ]);
      const answers = [];
      for (const key of ['k1', 'k2', 'k3']) answers.push(await bid(own, ann, lot.id, { amount: 100_000 }, key));
      expect(answers.map((a) => a.statusCode)).toEqual([403, 403, 429]);
      expect(answers[0]?.json().errors[0].code).toBe('TERMS_OF_USE_NOT_AGREED');
      expectLimited(answers[2] as (typeof answers)[number]);
      expect(await own.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.userId, ann.id))).toEqual([]);
      expect(await own.db.select().from(bids).where(eq(bids.lotId, lot.id))).toEqual([]);
    } finally {
      await own.close();
    }
  });

  it('tenders: the third tender of one user is refused and the stored one stays; another tenderer still tenders', async () => {
    const { event, lot } = await tenderScene(t);
    const tia = await tenderer(t, event.id);
    const tom = await tenderer(t, event.id);
    for (const amount of [50_000, 60_000]) expect((await putTender(t, tia, lot.id, { amount })).statusCode).toBe(200);
    expectLimited(await putTender(t, tia, lot.id, { amount: 90_000 }));
    expect((await readJson(t, tenderUrl(lot.id), tia)).json().data.tender.amount).toBe(60_000);
    expect((await putTender(t, tom, lot.id, { amount: 70_000 })).statusCode).toBe(200);
  });

  it('purchases: the third purchase of one buyer is refused and takes no unit; another buyer still buys', async () => {
    const lot = await buyNowItem(t);
    const bea = await verifiedBuyer(t, undefined);
    const bob = await verifiedBuyer(t, undefined);
    for (let i = 0; i < LIMIT; i++) expect((await buy(t, lot.id, { cookie: bea.cookie })).statusCode).toBe(201);
    expectLimited(await buy(t, lot.id, { cookie: bea.cookie }));
    expect((await stockOf(t, lot.id))?.quantity).toBe(1);
    expect(await ordersOf(t, bea.id)).toHaveLength(LIMIT);
    expect((await buy(t, lot.id, { cookie: bob.cookie })).statusCode).toBe(201);
  });

  it('seller writes: the third new lot of one seller is refused and stores nothing; a colleague still writes', async () => {
    const scene = await lotScene(t);
    // The scene's own writes (the draft event, its location) are not this test's.
    await t.db.delete(rateLimits).where(like(rateLimits.key, 'seller-write:user:%'));
    await createLot(t, scene.seller, scene.eventId, { number: '1' });
    await createLot(t, scene.seller, scene.eventId, { number: '2' });
    expectLimited(await api.post(t, scene.seller, eventLotsPath(scene.eventId), lotBody({ number: '3' })));
    expect((await storedLots(t, scene.eventId)).map((l) => l.number)).toEqual(['1', '2']);
    const colleague = await sellerOf(t, scene.company.id, 'Cleo Colleague');
    await createLot(t, colleague, scene.eventId, { number: '3' });
  });
});
