import type { SellerResultsResponse } from '@lotline/contracts';
import { eventLots, marketplaceSettings, orderLines, orders } from '@lotline/db/schema';
import { LOT_STATUS } from '@lotline/domain';
import { eq, sql } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { createOutboxMailer } from '../mail/outbox-mailer';
import { createOrder } from '../orders/create-order';
import { chooseWire } from '../orders/payment/choose-wire';
import { markWireReceived } from '../orders/payment/staff-wires';
import { refundOrder } from '../orders/refund-order';
import { refundDeps } from '../orders/test-refunds';
import { api, sellerScene } from '../seller-events/test-helpers';
import { netPayoutForOrder } from './net-payout';
import { results } from './test-helpers';

/**
 * The statement's net payout (decision 0078) against a computation of its own, straight from the stored orders
 * and lots in SQL: paid less tax, premium, commission (half up, per order) and seller fees, less refunds. Two
 * companies: one with its own rate (12.5 %), one on the stored marketplace default (8 %).
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const mail = () => ({
  mailer: createOutboxMailer(t.db, pino({ level: 'silent' })),
  publicOrigin: 'https://lotline.test',
});

/** A closed event with paid orders at odd prices (so rounding matters), seller fees, a refund and an unpaid order. */
async function soldEvent(companyOverrideBps: number | null) {
  const scene = await sellerScene(t);
  await t.db.execute(sql`update companies set commission_bps = ${companyOverrideBps} where id = ${scene.company.id}`);
  const event = await t.make.event({ companyId: scene.company.id, buyersPremiumBps: 1750 });
  const location = await t.make.location({ eventId: event.id, taxRate: 8.25 });
  const sold = async (n: number, price: number, fees: Parameters<TestApp['make']['lot']>[0] = {}) => {
    const lot = await t.make.lot({
      companyId: scene.company.id,
      eventId: event.id,
      dispositionLocationId: location.id,
      number: String(n),
      sequence: n,
      type: 'AuctionLot',
      status: LOT_STATUS.Sold,
      bidsCount: 2,
      currentBidAmount: price,
      leaderUserId: scene.buyer.id,
      ...fees,
    });
    return t.db.transaction((tx) =>
      createOrder(
        tx,
        {
          source: 'auction',
          buyerUserId: scene.buyer.id,
          lotId: lot.id,
          quantity: 1,
          unitPrice: price,
          approval: 'approved',
        },
        mail(),
      ),
    );
  };
  const pay = async (orderId: string) => {
    await chooseWire(t.db, scene.buyer.id, orderId, true);
    await t.db.transaction((tx) => markWireReceived(tx, mail(), orderId, scene.seller.id));
  };
  const a = await sold(1, 123_457, {
    riggingCost: 15_000,
    riggingParty: 'seller',
    loadingCost: 2_500,
    loadingParty: 'buyer',
  });
  const b = await sold(2, 9_999, { shippingCost: 4_321, shippingParty: 'seller' });
  const c = await sold(3, 50_001);
  const unpaid = await sold(4, 77_777);
  await t.make.lot({
    companyId: scene.company.id,
    eventId: event.id,
    number: '5',
    sequence: 5,
    status: LOT_STATUS.Unsold,
  });
  for (const o of [a, b, c]) await pay(o.id);
  await refundOrder(refundDeps(t), c.id, { amount: 1_234, reason: 'A scratch', actorUserId: scene.seller.id });
  return { ...scene, event, paidOrders: [a, b, c], unpaid };
}

/** The model: per paid order, from the stored rows, with the commission rounded half up by integer arithmetic. */
async function expectedNet(orderId: string, bps: number): Promise<number> {
  const [row] = await t.db
    .select({
      total: orders.total,
      tax: orders.tax,
      premium: orders.buyersPremium,
      subtotal: orders.subtotal,
      refunded: orders.refunded,
      quantity: orderLines.quantity,
      sellerFeesPerUnit: sql<number>`(case when ${eventLots.riggingParty} = 'seller' then coalesce(${eventLots.riggingCost}, 0) else 0 end
        + case when ${eventLots.loadingParty} = 'seller' then coalesce(${eventLots.loadingCost}, 0) else 0 end
        + case when ${eventLots.shippingParty} = 'seller' then coalesce(${eventLots.shippingCost}, 0) else 0 end)::float8`,
    })
    .from(orders)
    .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
    .innerJoin(eventLots, eq(eventLots.id, orderLines.eventLotId))
    .where(eq(orders.id, orderId));
  if (!row) throw new Error('no order');
  const commission = Math.floor((row.subtotal * bps + 5_000) / 10_000);
  // A refund gives back its share of the tax and of the premium (decision 0091): those are not the seller's.
  const share = (part: number) => Math.floor((2 * row.refunded * part + row.total) / (2 * row.total));
  const taxKept = row.tax - share(row.tax);
  const premiumKept = row.premium - (share(row.tax + row.premium) - share(row.tax));
  return row.total - taxKept - premiumKept - commission - row.sellerFeesPerUnit * row.quantity - row.refunded;
}

describe('the net payout of an event', () => {
  it('equals, to the cent, the paid orders less tax, premium, commission, seller fees and refunds', async () => {
    await t.db.insert(marketplaceSettings).values({ commissionBps: 800 });
    for (const [override, bps] of [
      [1250, 1250],
      [null, 800],
    ] as const) {
      const s = await soldEvent(override);
      const res = await api.get(t, s.seller, results(s.event.id));
      expect(res.statusCode, res.body).toBe(200);
      const data = res.json().data as SellerResultsResponse;
      let want = 0;
      for (const o of s.paidOrders) {
        const net = await expectedNet(o.id, bps);
        const row = data.rows.find((r) => r.order?._id === o.id);
        expect(row).toMatchObject({ netPayout: net, commissionBps: bps });
        expect(await netPayoutForOrder(t.db, o.id)).toMatchObject({ currency: 'USD', netMinor: net });
        want += net;
      }
      // Nothing is owed for the unpaid order until it is paid, nor for the unsold lot.
      expect(data.rows.find((r) => r.order?._id === s.unpaid.id)).toMatchObject({
        netPayout: 0,
        outstanding: s.unpaid.total,
      });
      expect(data.rows.find((r) => r.number === '5')).toMatchObject({ netPayout: null, commission: null });
      const [usd] = data.totals;
      expect(usd?.netPayout).toBe(want);
      expect(usd?.commission).toBe(data.rows.reduce((n, r) => n + (r.commission ?? 0), 0));
      expect(usd?.sellerFees).toBe(15_000 + 4_321);
    }
  }, 120_000); // two events of four orders each, made by the real use-cases: slow on a shared machine

  it('answers null for an unknown order, and figures the payouts read for a refunded order', async () => {
    expect(await netPayoutForOrder(t.db, 'ord_nope')).toBeNull();
    const s = await soldEvent(1000);
    const [, , c] = s.paidOrders;
    const payout = await netPayoutForOrder(t.db, c?.id ?? '');
    // 50,001 at 17.5 % premium = 8,750.175 → 8,750; tax 8.25 % of 58,751 = 4,846.96 → 4,847; commission 5,000.1 → 5,000.
    // The 1,234 refunded gave back 1,234 × 4,847 / 63,598 = 94.05 → 94 of the tax and 1,234 × 13,597 / 63,598 =
    // 263.8 → 264, less those 94, = 170 of the premium (decision 0091): what is kept of each is shown.
    expect(payout).toEqual({
      currency: 'USD',
      grossMinor: 63_598,
      taxMinor: 4_847 - 94,
      premiumMinor: 8_750 - 170,
      commissionMinor: 5_000,
      sellerFeesMinor: 0,
      refundedMinor: 1_234,
      netMinor: 63_598 - 4_753 - 8_580 - 5_000 - 1_234,
    });
  });
});
