import {
  eventLots,
  mailOutbox,
  orderHistory,
  orderPayments,
  orderRefundParts,
  orderRefunds,
  orders,
  sandboxHolds,
  sandboxRefunds,
  users,
} from '@lotline/db/schema';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { pino } from 'pino';
import { expect } from 'vitest';
import type { TestApp } from '../../test/app';
import { closeLot } from '../closing/close-lot';
import { ORIGIN } from '../identity/test-helpers';
import { createOutboxMailer } from '../mail/outbox-mailer';
import { sellerOf } from '../messaging/test-helpers';
import { SandboxPaymentProvider } from '../payments/sandbox/sandbox-provider';
import { auction, bidder, register } from '../registrations/test-helpers';
import { chargeOrder } from './payment/charge-order';
import { chooseWire } from './payment/choose-wire';
import { settleAuctionOrder } from './payment/settle-auction-order';
import { markWireReceived } from './payment/staff-wires';
import type { RefundDeps } from './refund-order';
import { buy, buyNowLot } from './test-helpers';

/** Helpers for the refund tests (decision 0062): paid orders made by the purchase and payment paths' own code. */

export const sellerRefunds = (orderId: string) => `/marketplace-api/seller/orders/${orderId}/refunds`;
export const staffRefunds = (orderId: string) => `/marketplace-api/staff/orders/${orderId}/refunds`;

export const mailDeps = (t: TestApp) => ({
  mailer: createOutboxMailer(t.db, pino({ level: 'silent' })),
  publicOrigin: ORIGIN,
});

/** The use-case's dependencies on the sandbox (or `provider`), as the routes build them. */
export const refundDeps = (t: TestApp, provider = new SandboxPaymentProvider(t.db, ORIGIN)): RefundDeps => ({
  db: t.db,
  provider,
  mail: mailDeps(t),
});

/** A company with a seller user, and an order of one of its buy-now items that the buyer's card paid. */
export async function paidCardOrder(t: TestApp) {
  const company = await t.make.company();
  const seller = await sellerOf(t, company.id);
  const lot = await buyNowLot(t, { companyId: company.id });
  const buyer = await bidder(t, undefined);
  const order = await buy(t, buyer.id, lot.id);
  const provider = new SandboxPaymentProvider(t.db, ORIGIN);
  expect(await chargeOrder({ db: t.db, provider, mail: mailDeps(t) }, order.id)).toMatchObject({ status: 'paid' });
  return { company, seller, buyer, lot, order };
}

/**
 * An auction order of a registered winner at `price`, paid by the sale's own path: the close applies the $500.00
 * deposit hold, the settlement captures it and charges the rest to the winner's card.
 */
export async function paidAuctionOrder(t: TestApp, price: number) {
  const { event, lot } = await auction(t);
  const seller = await sellerOf(t, event.companyId);
  const winner = await bidder(t, event.id);
  expect((await register(t, winner, event.id)).statusCode).toBe(201);
  // Test data: the engine's outcome (its own tests cover bidding), the end just passed.
  await t.db
    .update(eventLots)
    .set({ leaderUserId: winner.id, currentBidAmount: price, bidsCount: 1, endedAt: sql`now() - interval '1 second'` })
    .where(eq(eventLots.id, lot.id));
  const closed = await t.db.transaction((tx) => closeLot(tx, lot.id, mailDeps(t)));
  const orderId = closed?.orderId as string;
  const provider = new SandboxPaymentProvider(t.db, ORIGIN);
  expect(await settleAuctionOrder({ db: t.db, provider, mail: mailDeps(t) }, orderId)).toBe('paid');
  const payments = await t.db.select().from(orderPayments).where(eq(orderPayments.orderId, orderId));
  const idOf = (kind: string) => payments.find((p) => p.kind === kind)?.providerPaymentId as string;
  const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
  return {
    seller,
    winner,
    order: order as NonNullable<typeof order>,
    charge: idOf('charge'),
    deposit: idOf('deposit-capture'),
  };
}

/** A buy-now order the buyer paid by wire, marked received by `staffUserId`. */
export async function paidWireOrder(t: TestApp, staffUserId: string) {
  const company = await t.make.company();
  const seller = await sellerOf(t, company.id);
  const buyer = await bidder(t, undefined, null);
  const order = await buy(t, buyer.id, (await buyNowLot(t, { companyId: company.id })).id);
  await chooseWire(t.db, buyer.id, order.id, true);
  await t.db.transaction((tx) => markWireReceived(tx, mailDeps(t), order.id, staffUserId));
  return { seller, buyer, order };
}

/** A Lotline staff member (role `staff`). */
export async function staffOf(t: TestApp, user: { id: string; cookie: string; email: string }) {
  await t.db
    .update(users)
    .set({ roles: ['staff'] })
    .where(eq(users.id, user.id));
  return user;
}

/** The order's stored money facts: its status, `refunded`, and its refunds with their parts. */
export async function refundState(t: TestApp, orderId: string) {
  const [order] = await t.db
    .select({ status: orders.status, refunded: orders.refunded })
    .from(orders)
    .where(eq(orders.id, orderId));
  const refunds = await t.db
    .select()
    .from(orderRefunds)
    .where(eq(orderRefunds.orderId, orderId))
    .orderBy(asc(orderRefunds.createdAt));
  const parts = refunds.length
    ? await t.db
        .select()
        .from(orderRefundParts)
        .where(
          inArray(
            orderRefundParts.refundId,
            refunds.map((r) => r.id),
          ),
        )
    : [];
  const history = await t.db
    .select({ event: orderHistory.event, note: orderHistory.note })
    .from(orderHistory)
    .where(eq(orderHistory.orderId, orderId))
    .orderBy(asc(orderHistory.id));
  return { ...order, refunds, parts, history };
}

/** What the sandbox gave back of each of its payments (`sandbox_holds`) with these ids. */
export async function sandboxRefunded(t: TestApp, holdIds: string[]) {
  const holds = await t.db
    .select({ id: sandboxHolds.id, refunded: sandboxHolds.amountRefunded })
    .from(sandboxHolds)
    .where(inArray(sandboxHolds.id, holdIds));
  const refunds = await t.db.select().from(sandboxRefunds).where(inArray(sandboxRefunds.holdId, holdIds));
  return { holds: Object.fromEntries(holds.map((h) => [h.id, h.refunded])), count: refunds.length };
}

export const creditNoteMails = async (t: TestApp, email: string) =>
  (await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, email))).filter((m) =>
    m.subject.includes('credit note'),
  );
