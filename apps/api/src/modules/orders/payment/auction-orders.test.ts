import { depositHolds, eventLots, events, orderPayments, orders, registrations } from '@lotline/db/schema';
import { LOT_STATUS } from '@lotline/domain';
import { eq, sql } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { send } from '../../account/test-helpers';
import { closeLot } from '../../closing/close-lot';
import { ORIGIN } from '../../identity/test-helpers';
import { createOutboxMailer } from '../../mail/outbox-mailer';
import { sellerOf } from '../../messaging/test-helpers';
import { SandboxPaymentProvider } from '../../payments/sandbox/sandbox-provider';
import { settleDeposits } from '../../registrations/settle-deposits';
import { auction, bidder, jobDeps, register, sandboxHoldsOf } from '../../registrations/test-helpers';
import { settleAuctionOrder } from './settle-auction-order';

let t: TestApp;
let provider: SandboxPaymentProvider;
beforeAll(async () => {
  t = await createTestApp();
  provider = new SandboxPaymentProvider(t.db, ORIGIN);
});
afterAll(() => t.close());

const mail = () => ({ mailer: createOutboxMailer(t.db, pino({ level: 'silent' })), publicOrigin: ORIGIN });
const orderRow = async (id: string) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0];
const paymentsOf = async (id: string) =>
  (await t.db.select().from(orderPayments).where(eq(orderPayments.orderId, id))).map((p) => ({
    kind: p.kind,
    status: p.status,
    amount: p.amount,
  }));
const holdOf = async (userId: string) =>
  (
    await t.db
      .select({ status: depositHolds.status })
      .from(depositHolds)
      .innerJoin(registrations, eq(registrations.currentHoldId, depositHolds.id))
      .where(eq(registrations.userId, userId))
  )[0]?.status;

/** A registered winner (a $500.00 deposit held) leading an auction lot at `price`, the lot's end just passed. */
async function wonLot(price: number, extra: Partial<typeof eventLots.$inferInsert> = {}) {
  const { event, lot } = await auction(t);
  const winner = await bidder(t, event.id);
  expect((await register(t, winner, event.id)).statusCode).toBe(201);
  // Test data: the engine's outcome (its own tests cover bidding), the end just passed.
  await t.db
    .update(eventLots)
    .set({
      leaderUserId: winner.id,
      currentBidAmount: price,
      bidsCount: 1,
      endedAt: sql`now() - interval '1 second'`,
      ...extra,
    })
    .where(eq(eventLots.id, lot.id));
  return { event, lot, winner };
}

describe('auction orders (BIDDING §6–§7)', () => {
  it('the close creates the order with the deposit applied; settling captures the hold and charges the rest, once', async () => {
    const { event, lot, winner } = await wonLot(300_000);
    const closed = await t.db.transaction((tx) => closeLot(tx, lot.id, mail()));
    const orderId = closed?.orderId as string;
    const created = await orderRow(orderId);
    expect(created).toMatchObject({
      source: 'auction',
      status: 'OrderPending',
      depositApplied: 50_000,
      approval: 'approved',
    });

    expect(await settleAuctionOrder({ db: t.db, provider, mail: mail() }, orderId)).toBe('paid');
    const total = created?.total as number;
    expect(await paymentsOf(orderId)).toEqual(
      expect.arrayContaining([
        { kind: 'deposit-capture', status: 'succeeded', amount: 50_000 },
        { kind: 'charge', status: 'succeeded', amount: total - 50_000 },
      ]),
    );
    expect(await orderRow(orderId)).toMatchObject({ status: 'OrderPaid' });
    expect((await t.db.select().from(eventLots).where(eq(eventLots.id, lot.id)))[0]?.status).toBe(LOT_STATUS.OrderPaid);
    expect(await holdOf(winner.id)).toBe('applied');
    expect(await sandboxHoldsOf(t, winner.id)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ status: 'succeeded', amount: 50_000, reference: expect.stringMatching(/^dh_/) }),
      ]),
    );

    // A second delivery of the job changes nothing; the event's settlement never releases the applied hold.
    await settleAuctionOrder({ db: t.db, provider, mail: mail() }, orderId);
    expect(await paymentsOf(orderId)).toHaveLength(2);
    await t.db.update(events).set({ status: 'finalized' }).where(eq(events.id, event.id));
    await settleDeposits(jobDeps(t));
    expect(await holdOf(winner.id)).toBe('applied');
  });

  it('a deposit that covers the whole total pays the order by itself (no charge)', async () => {
    const { lot } = await wonLot(10_000);
    const closed = await t.db.transaction((tx) => closeLot(tx, lot.id, mail()));
    const orderId = closed?.orderId as string;
    const order = await orderRow(orderId);
    expect(order?.depositApplied).toBe(order?.total);
    await settleAuctionOrder({ db: t.db, provider, mail: mail() }, orderId);
    expect(await paymentsOf(orderId)).toEqual([{ kind: 'deposit-capture', status: 'succeeded', amount: order?.total }]);
    expect(await orderRow(orderId)).toMatchObject({ status: 'OrderPaid' });
  });

  it('the seller accepts a reserve-not-met lot: Sold, the order; another company 403, an unknown lot 404, a second accept 409', async () => {
    const { event, lot, winner } = await wonLot(80_000, {
      status: LOT_STATUS.Ended,
      reserveMet: false,
      reserveBid: 100_000,
      closedAt: new Date(Date.now() - 3_600_000),
    });
    const seller = await sellerOf(t, event.companyId);
    const stranger = await sellerOf(t, (await t.make.company()).id, 'Other Seller');
    const list = await t.app.inject({
      method: 'GET',
      url: '/marketplace-api/seller/reserve-not-met',
      headers: { cookie: seller.cookie },
    });
    expect(list.statusCode).toBe(200);
    expect(list.json().data).toEqual([expect.objectContaining({ _id: lot.id, price: 80_000, reserve: 100_000 })]);
    const otherList = await t.app.inject({
      method: 'GET',
      url: '/marketplace-api/seller/reserve-not-met',
      headers: { cookie: stranger.cookie },
    });
    expect(otherList.json().data).toEqual([]);
    // A buyer is not a seller user: 403.
    expect(
      (await send(t, 'POST', `/marketplace-api/seller/lots/${lot.id}/accept-reserve`, undefined, winner)).statusCode,
    ).toBe(403);

    const url = `/marketplace-api/seller/lots/${lot.id}/accept-reserve`;
    expect((await send(t, 'POST', url, undefined, stranger)).statusCode).toBe(403);
    const unknown = '/marketplace-api/seller/lots/lot_unknown/accept-reserve';
    expect((await send(t, 'POST', unknown, undefined, seller)).statusCode).toBe(404);
    const accepted = await send(t, 'POST', url, undefined, seller);
    expect(accepted.statusCode).toBe(201);
    const order = accepted.json().data.order;
    expect(order).toMatchObject({ source: 'auction', status: 'OrderPending', depositApplied: 50_000 });
    expect((await t.db.select().from(eventLots).where(eq(eventLots.id, lot.id)))[0]?.status).toBe(
      LOT_STATUS.OrderPending,
    );
    expect((await send(t, 'POST', url, undefined, seller)).statusCode).toBe(409);
    expect(await settleAuctionOrder({ db: t.db, provider, mail: mail() }, order._id)).toBe('paid');
  });

  it('too late (more than 2 days after the close): 409 and nothing changes', async () => {
    const { event, lot } = await wonLot(80_000, {
      status: LOT_STATUS.Ended,
      reserveMet: false,
      closedAt: new Date(Date.now() - 3 * 86_400_000),
    });
    const seller = await sellerOf(t, event.companyId);
    const res = await send(t, 'POST', `/marketplace-api/seller/lots/${lot.id}/accept-reserve`, undefined, seller);
    expect(res.statusCode).toBe(409);
    expect((await t.db.select().from(eventLots).where(eq(eventLots.id, lot.id)))[0]?.status).toBe(LOT_STATUS.Ended);
    expect(await t.db.select().from(orders).where(eq(orders.soleLotId, lot.id))).toEqual([]);
  });
});
