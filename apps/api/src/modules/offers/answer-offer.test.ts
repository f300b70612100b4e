import { eventLots, featureFlags, orderLines } from '@lotline/db/schema';
import { LOT_STATUS } from '@lotline/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { bidder, DECLINES_HOLDS } from '../registrations/test-helpers';
import {
  ageOffer,
  buyerAction,
  call,
  HOUR,
  mailsTo,
  offer,
  offerRow,
  offerScene,
  orderRow,
  sellerAction,
} from './test-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.db.insert(featureFlags).values({ key: 'COUNTER_OFFER', enabled: true });
});
afterAll(() => t.close());

const codeOf = (res: { json(): { errors: { code: string }[] } }) => res.json().errors[0]?.code;
const stock = async (lotId: string) =>
  (await t.db.select({ q: eventLots.quantity, s: eventLots.status }).from(eventLots).where(eq(eventLots.id, lotId)))[0];

describe('the seller accepts an offer', () => {
  it('takes the units, places an approved order at the offer price, charges the card and tells the buyer; a retry with the key changes nothing', async () => {
    const { lot, seller, buyer } = await offerScene(t);
    const id = await offer(t, buyer, lot.id, { amount: 80_000, quantity: 2 });
    const res = await call(t, seller, sellerAction(id, 'accept'), undefined, 'acc-1');
    expect(res.statusCode).toBe(200);
    const accepted = res.json().data.offer;
    expect(accepted).toMatchObject({ _id: id, status: 'accepted', amount: 80_000 });
    const order = await orderRow(t, accepted.orderId);
    expect(order).toMatchObject({
      source: 'offer',
      offerId: id,
      approval: 'approved',
      status: 'OrderPaid',
      subtotal: 160_000,
    });
    const [line] = await t.db.select().from(orderLines).where(eq(orderLines.orderId, accepted.orderId));
    expect(line).toMatchObject({ eventLotId: lot.id, quantity: 2, unitPrice: 80_000 });
    expect(await stock(lot.id)).toEqual({ q: 1, s: LOT_STATUS.Active });
    const again = await call(t, seller, sellerAction(id, 'accept'), undefined, 'acc-1');
    expect([again.statusCode, again.json().data.offer.orderId]).toEqual([200, accepted.orderId]);
    expect(await stock(lot.id)).toEqual({ q: 1, s: LOT_STATUS.Active });
    const mails = await mailsTo(t, buyer.email);
    expect(mails.map((m) => m.subject)).toEqual([`Offer accepted: ${lot.name}`]);
    expect(mails[0]?.text).toContain(`/account/orders/${accepted.orderId}`);
    const mine = await call(t, buyer, `/marketplace-api/users/${buyer.id}/offers`, undefined, undefined, 'GET');
    expect(mine.json().data.offers[0].order).toMatchObject({ _id: accepted.orderId, status: 'OrderPaid' });
  });

  it('selling the last units sells the item out; a second offer for units no longer there is refused and stays pending', async () => {
    const { lot, seller, buyer } = await offerScene(t);
    const other = await bidder(t, undefined);
    const first = await offer(t, buyer, lot.id, { amount: 70_000, quantity: 2 });
    const second = await offer(t, other, lot.id, { amount: 90_000, quantity: 2 });
    expect((await call(t, seller, sellerAction(first, 'accept'))).statusCode).toBe(200);
    const refused = await call(t, seller, sellerAction(second, 'accept'));
    expect([refused.statusCode, refused.json().errors[0]]).toEqual([
      409,
      { code: 'OUT_OF_STOCK', field: 'quantity', message: 'Only 1 unit is left.' },
    ]);
    expect(await offerRow(t, second)).toMatchObject({ status: 'pending', orderId: null });
    const last = await offerScene(t, { quantity: 1 });
    const only = await offer(t, last.buyer, last.lot.id);
    expect((await call(t, last.seller, sellerAction(only, 'accept'))).statusCode).toBe(200);
    expect(await stock(last.lot.id)).toEqual({ q: 0, s: LOT_STATUS.Sold });
  });

  it('a declined card leaves the order pending with the message, the offer accepted', async () => {
    const { lot, seller } = await offerScene(t);
    const buyer = await bidder(t, undefined, DECLINES_HOLDS);
    const id = await offer(t, buyer, lot.id);
    const res = await call(t, seller, sellerAction(id, 'accept'));
    expect(res.statusCode).toBe(200);
    expect(await orderRow(t, res.json().data.offer.orderId)).toMatchObject({
      status: 'OrderPending',
      paymentError: 'Your card was declined.',
    });
  });

  it('only the company’s users may answer (403 for another company and a buyer, 404 for an unknown offer, 401 without a session); the buyer cannot accept their own offer', async () => {
    const { lot, buyer } = await offerScene(t);
    const id = await offer(t, buyer, lot.id);
    const stranger = await offerScene(t);
    for (const verb of ['accept', 'decline'] as const) {
      expect((await call(t, stranger.seller, sellerAction(id, verb))).statusCode).toBe(403);
      expect((await call(t, buyer, sellerAction(id, verb))).statusCode).toBe(403);
      expect((await call(t, stranger.seller, sellerAction('offer_unknown', verb))).statusCode).toBe(404);
      expect((await call(t, null, sellerAction(id, verb))).statusCode).toBe(401);
    }
    expect((await call(t, stranger.seller, sellerAction(id, 'counter'), { amount: 90_000 })).statusCode).toBe(403);
    expect(codeOf(await call(t, buyer, buyerAction(buyer.id, id, 'accept')))).toBe('OFFER_NOT_OPEN');
    expect((await call(t, stranger.buyer, buyerAction(buyer.id, id, 'withdraw'))).statusCode).toBe(403);
    expect((await call(t, stranger.buyer, buyerAction(stranger.buyer.id, id, 'withdraw'))).statusCode).toBe(404);
    expect(await offerRow(t, id)).toMatchObject({ status: 'pending' });
  });

  it('an offer past its 48 hours cannot be accepted even before the expiry job ran, and reads expired', async () => {
    const { lot, seller, buyer } = await offerScene(t);
    const id = await offer(t, buyer, lot.id);
    await ageOffer(t, id, -1000);
    const res = await call(t, seller, sellerAction(id, 'accept'));
    expect([res.statusCode, codeOf(res)]).toEqual([409, 'OFFER_NOT_OPEN']);
    expect(res.json().errors[0].message).toMatch(/^This offer expired on /);
    expect(await offerRow(t, id)).toMatchObject({ status: 'pending', orderId: null });
    expect(await stock(lot.id)).toEqual({ q: 3, s: LOT_STATUS.Active });
    const list = await call(t, seller, '/marketplace-api/seller/offers', undefined, undefined, 'GET');
    expect(list.json().data.offers).toMatchObject([{ _id: id, status: 'expired', buyer: { name: 'Pat Buyer' } }]);
  });

  it('a lot no longer open refuses the acceptance (409 LOT_NOT_OPEN)', async () => {
    const { lot, seller, buyer } = await offerScene(t);
    const id = await offer(t, buyer, lot.id);
    await t.db
      .update(eventLots)
      .set({ endedAt: new Date(Date.now() - 1000) })
      .where(eq(eventLots.id, lot.id));
    expect(codeOf(await call(t, seller, sellerAction(id, 'accept')))).toBe('LOT_NOT_OPEN');
    expect(await offerRow(t, id)).toMatchObject({ status: 'pending' });
  });
});

describe('decline, counter, withdraw', () => {
  it('the seller declines: the buyer is told; a second answer is refused', async () => {
    const { lot, seller, buyer } = await offerScene(t);
    const id = await offer(t, buyer, lot.id);
    const res = await call(t, seller, sellerAction(id, 'decline'));
    expect(res.json().data.offer.status).toBe('declined');
    expect((await mailsTo(t, buyer.email)).map((m) => m.subject)).toEqual([`Offer declined: ${lot.name}`]);
    expect(codeOf(await call(t, seller, sellerAction(id, 'accept')))).toBe('OFFER_NOT_OPEN');
    expect(codeOf(await call(t, seller, sellerAction(id, 'counter'), { amount: 90_000 }))).toBe('OFFER_NOT_OPEN');
  });

  it('the seller counters once, above the offer and below the price; the buyer accepts the counter and pays it', async () => {
    const { lot, seller, buyer } = await offerScene(t);
    const id = await offer(t, buyer, lot.id, { amount: 80_000 });
    await ageOffer(t, id, 2 * HOUR);
    const low = await call(t, seller, sellerAction(id, 'counter'), { amount: 80_000 });
    expect([low.statusCode, codeOf(low)]).toEqual([409, 'COUNTER_TOO_LOW']);
    expect(codeOf(await call(t, seller, sellerAction(id, 'counter'), { amount: 100_000 }))).toBe('OFFER_TOO_HIGH');
    expect(codeOf(await call(t, seller, sellerAction(id, 'counter'), { amount: -5 }))).toBe('VALIDATION_FAILED');
    const res = await call(t, seller, sellerAction(id, 'counter'), { amount: 90_000 });
    const countered = res.json().data.offer;
    expect(countered).toMatchObject({ status: 'countered', amount: 80_000, counterAmount: 90_000 });
    // The counter runs 48 hours from now, not from the offer.
    expect(Date.parse(countered.expiresAt) - Date.now()).toBeGreaterThan(47 * HOUR);
    expect(codeOf(await call(t, seller, sellerAction(id, 'counter'), { amount: 95_000 }))).toBe('OFFER_NOT_OPEN');
    expect(codeOf(await call(t, seller, sellerAction(id, 'accept')))).toBe('OFFER_NOT_OPEN');
    expect((await mailsTo(t, buyer.email)).at(-1)?.text).toContain('counter-offer of $900.00');

    const accepted = await call(t, buyer, buyerAction(buyer.id, id, 'accept'), undefined, 'b-acc');
    expect(accepted.statusCode).toBe(200);
    const orderId = accepted.json().data.offer.orderId;
    expect(await orderRow(t, orderId)).toMatchObject({ source: 'offer', subtotal: 90_000, status: 'OrderPaid' });
    expect((await mailsTo(t, seller.email)).map((m) => m.subject)).toContain(`Counter-offer accepted: ${lot.name}`);
    expect(await stock(lot.id)).toEqual({ q: 2, s: LOT_STATUS.Active });
  });

  it('the buyer declines a counter, and withdraws only a pending offer', async () => {
    const { lot, seller, buyer } = await offerScene(t);
    const id = await offer(t, buyer, lot.id);
    await call(t, seller, sellerAction(id, 'counter'), { amount: 95_000 });
    expect(codeOf(await call(t, buyer, buyerAction(buyer.id, id, 'withdraw')))).toBe('OFFER_NOT_OPEN');
    const res = await call(t, buyer, buyerAction(buyer.id, id, 'decline'));
    expect(res.json().data.offer).toMatchObject({ status: 'declined', counterAmount: 95_000 });
    expect((await mailsTo(t, seller.email)).at(-1)?.subject).toBe(`Counter-offer declined: ${lot.name}`);
    const next = await offer(t, buyer, lot.id, { amount: 85_000 });
    expect(codeOf(await call(t, buyer, buyerAction(buyer.id, next, 'decline')))).toBe('OFFER_NOT_OPEN');
    expect((await call(t, buyer, buyerAction(buyer.id, next, 'withdraw'))).json().data.offer.status).toBe('withdrawn');
  });

  it('the seller’s list: open offers first, 403 for a user who is no seller', async () => {
    const { lot, seller, buyer } = await offerScene(t);
    const old = await offer(t, buyer, lot.id);
    await call(t, seller, sellerAction(old, 'decline'));
    const open = await offer(t, buyer, lot.id);
    const list = await call(t, seller, '/marketplace-api/seller/offers', undefined, undefined, 'GET');
    expect(list.json().data.offers.map((o: { _id: string }) => o._id)).toEqual([open, old]);
    const pending = await call(
      t,
      seller,
      '/marketplace-api/seller/offers?status=declined',
      undefined,
      undefined,
      'GET',
    );
    expect(pending.json().data.offers.map((o: { _id: string }) => o._id)).toEqual([old]);
    expect((await call(t, buyer, '/marketplace-api/seller/offers', undefined, undefined, 'GET')).statusCode).toBe(403);
  });
});

describe('COUNTER_OFFER off', () => {
  it('refuses a counter with a clear message and changes nothing', async () => {
    const off = await createTestApp({ config: { featureOverrides: { COUNTER_OFFER: false } } });
    try {
      const { lot, seller, buyer } = await offerScene(off);
      const id = await offer(off, buyer, lot.id);
      const res = await call(off, seller, sellerAction(id, 'counter'), { amount: 90_000 });
      expect(res.statusCode).toBe(409);
      expect(res.json().errors[0]).toEqual({
        code: 'COUNTER_OFFER_OFF',
        message: 'Counter-offers are turned off: accept or decline the offer.',
      });
      expect(await offerRow(off, id)).toMatchObject({ status: 'pending', counterAmount: null });
      expect((await call(off, seller, sellerAction(id, 'accept'))).statusCode).toBe(200);
    } finally {
      await off.close();
    }
  });
});
