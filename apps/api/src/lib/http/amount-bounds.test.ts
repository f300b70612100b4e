import { MAX_AMOUNT, MAX_ORDER_AMOUNT } from '@lotline/contracts';
import { offers } from '@lotline/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bid, bidder, lotState, openLot } from '../../modules/bidding/test-helpers';
import { call, offerScene, offersUrl } from '../../modules/offers/test-helpers';
import { buy, buyNowItem, ordersOf, stockOf } from '../../modules/purchases/test-helpers';
import { bidder as verifiedBuyer } from '../../modules/registrations/test-helpers';
import { api } from '../../modules/seller-events/test-helpers';
import { eventLotsPath, lotBody, lotScene, storedLots } from '../../modules/seller-lots/test-helpers';
import { createTestApp, type TestApp } from '../../test/app';

/**
 * Decision 0069: every amount is at most MAX_AMOUNT and every quantity bounded in the schemas, and a price times a
 * quantity may come to at most MAX_ORDER_AMOUNT, so no product passes Number.MAX_SAFE_INTEGER. Past a bound: 400
 * VALIDATION_FAILED naming the field, nothing written, never the 500 a RangeError in the pricing answered.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

type Res = { statusCode: number; json(): unknown };
/** The status and each distinct (code, field) of the errors (2^60 is both not an integer to zod and too large). */
const refusal = (res: Res) => ({
  status: res.statusCode,
  errors: [
    ...new Set(
      (res.json() as { errors: { code: string; field?: string }[] }).errors.map((e) => `${e.code} ${e.field}`),
    ),
  ].map((e) => e.split(' ')),
});
const invalid = (field: string) => ({ status: 400, errors: [['VALIDATION_FAILED', field]] });
const HUGE = 2 ** 60;

describe('amount and quantity bounds', () => {
  it('a bid or a maximum above the largest amount is a 400 naming it, and places nothing', async () => {
    const { event, lot } = await openLot(t, { startingBid: 100_000 });
    const ann = await bidder(t, event.id);
    const before = await lotState(t, lot.id);
    expect(refusal(await bid(t, ann, lot.id, { amount: MAX_AMOUNT + 1 }))).toEqual(invalid('amount'));
    expect(refusal(await bid(t, ann, lot.id, { amount: 100_000, maxAmount: HUGE }))).toEqual(invalid('maxAmount'));
    expect(await lotState(t, lot.id)).toEqual(before);
  });

  it('an offer too large, or whose units come to more than an order may hold, is a 400 and stores nothing', async () => {
    const { lot, buyer } = await offerScene(t, { buyItNowPrice: MAX_AMOUNT, quantity: 10_000 });
    const offer = (body: unknown) => call(t, buyer, offersUrl(lot.id), body);
    expect(refusal(await offer({ amount: HUGE }))).toEqual(invalid('amount'));
    // Each bound alone is kept, the product is not: 9 × 10^11 × 10,000 with the 10 % premium is past 2^53.
    expect(refusal(await offer({ amount: 900_000_000_000, quantity: 10_000 }))).toEqual(invalid('quantity'));
    expect(await t.db.select().from(offers).where(eq(offers.lotId, lot.id))).toEqual([]);
  });

  it('a purchase quantity past its bound, or past what an order may hold at the price, is a 400 taking nothing', async () => {
    const lot = await buyNowItem(t, { buyItNowPrice: MAX_AMOUNT, quantity: 10_000 });
    const bea = await verifiedBuyer(t, undefined);
    const purchase = (quantity: number) => buy(t, lot.id, { cookie: bea.cookie, body: { quantity } });
    expect(refusal(await purchase(HUGE))).toEqual(invalid('quantity'));
    // 10,000 units at the largest price: 10^16, which the pricing could not keep exact (it answered 500).
    expect(refusal(await purchase(10_000))).toEqual(invalid('quantity'));
    // The largest quantity that fits still buys.
    const most = Math.floor(MAX_ORDER_AMOUNT / (MAX_AMOUNT + 500));
    expect(refusal(await purchase(most + 1))).toEqual(invalid('quantity'));
    expect(await ordersOf(t, bea.id)).toEqual([]);
    expect((await stockOf(t, lot.id))?.quantity).toBe(10_000);
    expect((await purchase(most)).statusCode).toBe(201);
  });

  it("a seller lot's price or quantity past its bound is a 400 naming it, and stores no lot", async () => {
    const scene = await lotScene(t);
    const create = (over: Record<string, unknown>) =>
      api.post(t, scene.seller, eventLotsPath(scene.eventId), lotBody(over));
    expect(refusal(await create({ startingBid: MAX_AMOUNT + 1 }))).toEqual(invalid('startingBid'));
    expect(refusal(await create({ reserveBid: HUGE }))).toEqual(invalid('reserveBid'));
    expect(refusal(await create({ quantity: 1_000_001 }))).toEqual(invalid('quantity'));
    expect(await storedLots(t, scene.eventId)).toEqual([]);
  });
});
