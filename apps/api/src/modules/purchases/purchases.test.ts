import { dispositionLocations, orderPayments, taxExemptions } from '@lotline/db/schema';
import { LOT_STATUS } from '@lotline/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { uniqueId } from '../../test/factories';
import { signUpUser } from '../identity/test-helpers';
import { selectLotCards } from '../lots/select-lot-cards';
import { setFeatureFlag } from '../platform/get-feature-flags';
import { bidder, DECLINES_HOLDS } from '../registrations/test-helpers';
import { buy, buyNowItem, buyNowUrl, ONE_UNIT_ALL_IN, ordersOf, stockOf } from './test-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await setFeatureFlag(t.db, 'BUY_NOW_AUTO_APPROVE', true);
  await setFeatureFlag(t.db, 'BUY_NOW_INVOICES', true);
  await setFeatureFlag(t.db, 'BUY_NOW_ALL_IN_PRICING', true);
});

const firstError = (res: { json: () => { errors: { code: string; message: string }[] } }) =>
  res.json().errors[0] ?? { code: 'none', message: '' };
const paymentsOf = (orderId: string) => t.db.select().from(orderPayments).where(eq(orderPayments.orderId, orderId));

describe('POST …/purchases', () => {
  it('auto-approve on: 201 with the approved invoice order, stock taken, the card charged after', async () => {
    const lot = await buyNowItem(t);
    const buyer = await bidder(t, undefined);
    const res = await buy(t, lot.id, { cookie: buyer.cookie, body: { quantity: 2 } });
    expect(res.statusCode).toBe(201);
    const { order } = res.json().data;
    expect(order).toMatchObject({
      status: 'OrderPending',
      source: 'buy-now',
      approval: 'approved',
      document: 'invoice',
      subtotal: 20_000,
      buyersPremium: 2_000,
      fees: [{ kind: 'rigging', amount: 1_000 }],
      lines: [{ eventLotId: lot.id, quantity: 2, unitPrice: 10_000, amount: 20_000 }],
    });
    expect(order.history.map((h: { event: string }) => h.event)).toEqual(['placed', 'approved']);
    expect(await stockOf(t, lot.id)).toEqual({ quantity: 1, status: LOT_STATUS.Active });
    const [stored] = await ordersOf(t, buyer.id);
    expect(stored).toMatchObject({ id: order._id, status: 'OrderPaid', paymentKind: 'card' });
    expect(await paymentsOf(order._id)).toMatchObject([{ status: 'succeeded', amount: order.total }]);
  });

  it('auto-approve off: the order awaits the seller (2 business days) and nothing is charged', async () => {
    await setFeatureFlag(t.db, 'BUY_NOW_AUTO_APPROVE', false);
    const lot = await buyNowItem(t);
    const buyer = await bidder(t, undefined);
    const res = await buy(t, lot.id, { cookie: buyer.cookie });
    expect(res.statusCode).toBe(201);
    const { order } = res.json().data;
    expect(order).toMatchObject({ approval: 'awaiting', status: 'OrderPending' });
    expect(order.approvalDueAt).not.toBeNull();
    expect(order.history.map((h: { event: string }) => h.event)).toEqual(['placed']);
    expect(await paymentsOf(order._id)).toEqual([]);
    expect((await ordersOf(t, buyer.id))[0]?.status).toBe('OrderPending');
    expect((await stockOf(t, lot.id))?.quantity).toBe(2);
  });

  it('BUY_NOW_INVOICES off: a receipt (no wire instructions); on: an invoice', async () => {
    await setFeatureFlag(t.db, 'BUY_NOW_INVOICES', false);
    const lot = await buyNowItem(t);
    const buyer = await bidder(t, undefined);
    const off = (await buy(t, lot.id, { cookie: buyer.cookie })).json().data.order;
    expect(off).toMatchObject({ document: 'receipt', wireInstructions: null });
    await setFeatureFlag(t.db, 'BUY_NOW_INVOICES', true);
    const on = (await buy(t, lot.id, { cookie: buyer.cookie })).json().data.order;
    expect(on.document).toBe('invoice');
    expect(on.wireInstructions?.length).toBeGreaterThan(0);
  });

  it('the last unit sells the item out; then OUT_OF_STOCK, and asking for more than is left says how many', async () => {
    const lot = await buyNowItem(t, { quantity: 2 });
    const buyer = await bidder(t, undefined);
    const tooMany = await buy(t, lot.id, { cookie: buyer.cookie, body: { quantity: 3 } });
    expect(tooMany.statusCode).toBe(409);
    expect(firstError(tooMany)).toMatchObject({
      code: 'OUT_OF_STOCK',
      message: expect.stringContaining('Only 2 units'),
    });
    expect((await buy(t, lot.id, { cookie: buyer.cookie, body: { quantity: 2 } })).statusCode).toBe(201);
    expect(await stockOf(t, lot.id)).toEqual({ quantity: 0, status: LOT_STATUS.Sold });
    const gone = await buy(t, lot.id, { cookie: buyer.cookie });
    expect(gone.statusCode).toBe(409);
    expect(firstError(gone)).toMatchObject({ code: 'OUT_OF_STOCK', message: 'Sold out: no units are left.' });
    expect(await ordersOf(t, buyer.id)).toHaveLength(1);
  });

  it('the same Idempotency-Key answers the first order again and buys once; another body is 409', async () => {
    const lot = await buyNowItem(t);
    const buyer = await bidder(t, undefined);
    const key = uniqueId('key');
    const first = await buy(t, lot.id, { cookie: buyer.cookie, key });
    const again = await buy(t, lot.id, { cookie: buyer.cookie, key });
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    const other = await buy(t, lot.id, { cookie: buyer.cookie, key, body: { quantity: 2 } });
    expect(other.statusCode).toBe(409);
    expect(firstError(other).code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await ordersOf(t, buyer.id)).toHaveLength(1);
    expect((await stockOf(t, lot.id))?.quantity).toBe(2);
  });

  it('a declined card still answers 201: the order stays pending with the message', async () => {
    const lot = await buyNowItem(t);
    const buyer = await bidder(t, undefined, DECLINES_HOLDS);
    const res = await buy(t, lot.id, { cookie: buyer.cookie });
    expect(res.statusCode).toBe(201);
    const [stored] = await ordersOf(t, buyer.id);
    // The automatic charge's card kind went with its refusal: the order page offers paying again (card or wire).
    expect(stored).toMatchObject({
      status: 'OrderPending',
      paymentError: 'Your card was declined.',
      paymentKind: null,
    });
    expect((await stockOf(t, lot.id))?.quantity).toBe(2);
  });

  describe('refusals change nothing', () => {
    async function expectUnchanged(lotId: string, buyerId: string | null) {
      expect((await stockOf(t, lotId))?.quantity).toBe(3);
      if (buyerId) expect(await ordersOf(t, buyerId)).toEqual([]);
    }

    it('401 for a visitor', async () => {
      const lot = await buyNowItem(t);
      const res = await buy(t, lot.id);
      expect(res.statusCode).toBe(401);
      expect(firstError(res).code).toBe('UNAUTHENTICATED');
      await expectUnchanged(lot.id, null);
    });

    it('403 NOT_VERIFIED for an unverified user', async () => {
      const lot = await buyNowItem(t);
      const user = await signUpUser(t);
      const res = await buy(t, lot.id, { cookie: user.cookie });
      expect(res.statusCode).toBe(403);
      expect(firstError(res).code).toBe('NOT_VERIFIED');
      await expectUnchanged(lot.id, user.id);
    });

    it('400 VALIDATION_FAILED for a bad quantity', async () => {
      const lot = await buyNowItem(t);
      const buyer = await bidder(t, undefined);
      for (const body of [{ quantity: 0 }, { quantity: 1.5 }, { quantity: '1' }, {}, { quantity: 1, extra: true }]) {
        const res = await buy(t, lot.id, { cookie: buyer.cookie, body });
        expect(res.statusCode).toBe(400);
        expect(firstError(res).code).toBe('VALIDATION_FAILED');
      }
      await expectUnchanged(lot.id, buyer.id);
    });

    it('409 LOT_NOT_OPEN: an auction lot, an ended or not yet started item, a paused one', async () => {
      const buyer = await bidder(t, undefined);
      const lots = await Promise.all([
        buyNowItem(t, { type: 'AuctionLot' }),
        buyNowItem(t, { endedAt: new Date(Date.now() - 60_000) }),
        buyNowItem(t, { startAt: new Date(Date.now() + 3_600_000) }),
        buyNowItem(t, { status: LOT_STATUS.Pending }),
      ]);
      for (const lot of lots) {
        const res = await buy(t, lot.id, { cookie: buyer.cookie });
        expect(res.statusCode).toBe(409);
        expect(firstError(res).code).toBe('LOT_NOT_OPEN');
        await expectUnchanged(lot.id, buyer.id);
      }
    });

    it('404 for an unknown or hidden lot', async () => {
      const buyer = await bidder(t, undefined);
      const hidden = await buyNowItem(t, { hiddenFromMarketplace: true });
      for (const id of ['lot_nope', hidden.id]) {
        expect((await buy(t, id, { cookie: buyer.cookie })).statusCode).toBe(404);
      }
      await expectUnchanged(hidden.id, buyer.id);
    });
  });
});

describe('all-in price (BUY_NOW_ALL_IN_PRICING)', () => {
  it('the card, the buy box and the one-unit order total agree, by hand: $124.49', async () => {
    const lot = await buyNowItem(t);
    const buyer = await bidder(t, undefined);
    const [card] = await selectLotCards(t.db, { ids: [lot.id] }, {});
    expect(card?._source.allInPrice).toBe(ONE_UNIT_ALL_IN);
    const state = await t.app.inject({ method: 'GET', url: buyNowUrl(lot.id), headers: { cookie: buyer.cookie } });
    expect(state.json().data).toMatchObject({ price: 10_000, quantity: 3, open: true, allInPrice: ONE_UNIT_ALL_IN });
    const order = (await buy(t, lot.id, { cookie: buyer.cookie })).json().data.order;
    expect(order.total).toBe(ONE_UNIT_ALL_IN);
  });

  it('a buyer with an active exemption sees no tax in their all-in, and their order has none', async () => {
    const lot = await buyNowItem(t);
    const buyer = await bidder(t, undefined);
    await t.db.insert(taxExemptions).values({
      id: uniqueId('tx'),
      userId: buyer.id,
      documentType: 'user',
      documentId: buyer.id,
      status: 'active',
      region: 'TX',
      fileKey: uniqueId('file'),
      expiresAt: new Date(Date.now() + 86_400_000 * 30),
    });
    const state = (
      await t.app.inject({ method: 'GET', url: buyNowUrl(lot.id), headers: { cookie: buyer.cookie } })
    ).json();
    expect(state.data).toMatchObject({ taxExempt: true, allInPrice: 11_500 });
    const order = (await buy(t, lot.id, { cookie: buyer.cookie })).json().data.order;
    expect(order).toMatchObject({ total: 11_500, tax: 0, taxExempt: true });

    // The same buyer on a lot in Ontario: the Texas certificate exempts nothing there (issue 25).
    const ontario = await buyNowItem(t);
    await t.db
      .update(dispositionLocations)
      .set({ region: 'ON', country: 'CA' })
      .where(eq(dispositionLocations.id, ontario.dispositionLocationId as string));
    const there = (
      await t.app.inject({ method: 'GET', url: buyNowUrl(ontario.id), headers: { cookie: buyer.cookie } })
    ).json();
    expect(there.data).toMatchObject({ taxExempt: false, allInPrice: ONE_UNIT_ALL_IN });
    const taxed = (await buy(t, ontario.id, { cookie: buyer.cookie })).json().data.order;
    expect(taxed).toMatchObject({ total: ONE_UNIT_ALL_IN, taxExempt: false });
  });

  it('off: no card and no buy box answers an all-in price (the plain price only)', async () => {
    await setFeatureFlag(t.db, 'BUY_NOW_ALL_IN_PRICING', false);
    const lot = await buyNowItem(t);
    const [card] = await selectLotCards(t.db, { ids: [lot.id] }, {});
    expect(card?._source).toMatchObject({ buyItNowPrice: 10_000, allInPrice: null });
    const state = (await t.app.inject({ method: 'GET', url: buyNowUrl(lot.id) })).json();
    expect(state.data).toMatchObject({ price: 10_000, allInPrice: null, pricing: null, taxExempt: false });
  });

  it("a deployment's FEATURE_ override wins over the stored flag on every card reader and the buy box", async () => {
    // The cards as the pages read them: the lot page, an event's lots, the search, recently viewed.
    const allInOf = async (app: TestApp, lot: { id: string; eventId: string | null }) => {
      const get = async (url: string) => (await app.app.inject({ method: 'GET', url })).json().data;
      const query = encodeURIComponent(
        JSON.stringify({ operator: 'and', params: [{ field: '_id', op: 'eq', value: lot.id }] }),
      );
      return [
        (await get(`/marketplace/api/lots/${lot.id}`)).lot._source.allInPrice,
        (await get(`/marketplace/api/event/event-lots?esQuery=${query}`)).eventLots[0]._source.allInPrice,
        (await get(`/marketplace/api/lots/recently-viewed?ids=${lot.id}`)).eventLots[0]._source.allInPrice,
        (await get(buyNowUrl(lot.id))).allInPrice,
      ];
    };
    for (const [stored, override] of [
      [true, false],
      [false, true],
    ] as const) {
      const app = await createTestApp({ config: { featureOverrides: { BUY_NOW_ALL_IN_PRICING: override } } });
      try {
        await setFeatureFlag(app.db, 'BUY_NOW_ALL_IN_PRICING', stored);
        const lot = await buyNowItem(app);
        expect(await allInOf(app, lot)).toEqual(Array(4).fill(override ? ONE_UNIT_ALL_IN : null));
      } finally {
        await app.close();
      }
    }
  });

  it('the buy box answers 404 for a lot that is not a buy-now item', async () => {
    const lot = await buyNowItem(t, { type: 'AuctionLot' });
    expect((await t.app.inject({ method: 'GET', url: buyNowUrl(lot.id) })).statusCode).toBe(404);
  });
});
