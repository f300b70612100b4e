import type { Executor } from '@lotline/db';
import { companies, orderRefunds, orders, payoutAccounts, payouts } from '@lotline/db/schema';
import { ORDER_STATUS, PAYOUT_REFUND_WINDOW_DAYS, payoutRefusal } from '@lotline/domain';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { AppError } from '../../lib/errors';
import { netPayoutForOrder, type OrderNetPayout, paidOfOrder } from '../seller-results/net-payout';

/**
 * The release rule (decision 0079): an order's payout is due once the order is paid, its refund window (days
 * after payment, by the database clock) has passed, it is not fully refunded, no refund of it is in flight,
 * and it has no payout made or in progress. The amount is the order's net (`netPayoutForOrder`).
 */

/** How the release is configured: the refund window in days (PAYOUT_REFUND_WINDOW_DAYS unless a test says). */
export interface ReleaseRule {
  refundWindowDays: number;
}
export const RELEASE_RULE: ReleaseRule = { refundWindowDays: PAYOUT_REFUND_WINDOW_DAYS };

const pastWindow = (days: number) =>
  sql<boolean>`(${orders.paidAt} is not null and ${orders.paidAt} + make_interval(days => ${days}::int) <= now())`;
const refundInFlight = sql<boolean>`exists (select 1 from ${orderRefunds} r
  where r.order_id = ${orders.id} and r.status = 'processing')`;
const hasLivePayout = sql<boolean>`exists (select 1 from ${payouts} po
  where po.order_id = ${orders.id} and po.status <> 'failed')`;
/**
 * The company's connected account, when it can take a transfer: a Stripe account (a sandbox one holds no real
 * money) whose payouts the provider has not said are disabled (null: never asked, an id staff typed; decision 0090).
 */
export const destinationOf = sql<string | null>`(select a.stripe_account_id from ${payoutAccounts} a
  where a.company_id = ${orders.companyId} and a.provider = 'stripe' and a.payouts_enabled is not false)`;

/**
 * The orders whose payout is due (their net aside: `netPayoutForOrder` says it per order). Its subqueries
 * correlate on `orders`' columns: use it in a query with a join, so that they are qualified.
 */
export function dueOrders(rule: ReleaseRule): SQL {
  return and(
    eq(orders.status, ORDER_STATUS.paid),
    pastWindow(rule.refundWindowDays),
    sql`${orders.refunded} < ${paidOfOrder}`,
    sql`not ${refundInFlight}`,
    sql`not ${hasLivePayout}`,
  ) as SQL;
}

export interface DueOrder {
  orderId: string;
  number: string;
  companyId: string;
  buyerUserId: string;
  /** The company's connected account, or null: paid by bank transfer. */
  destination: string | null;
  net: OrderNetPayout;
}

/**
 * Locks the order's row (`FOR UPDATE`: a refund claim, the release job and staff all take it first, so they
 * decide one after the other) and answers it when its payout is due; 404 for no such order, 409 with the
 * reason otherwise. Call it in the transaction that records the payout.
 */
export async function lockDueOrder(tx: Executor, orderId: string, rule: ReleaseRule = RELEASE_RULE): Promise<DueOrder> {
  // The lock first, on its own: the facts below are read by a later statement, whose snapshot (READ COMMITTED)
  // sees the payout or refund of whoever held the lock before us. Read in the locking statement, they would be
  // as they were before it waited.
  const [locked] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId)).for('update');
  if (!locked) throw AppError.notFound('No such order.');
  const [order] = await tx
    .select({
      number: orders.number,
      companyId: orders.companyId,
      buyerUserId: orders.buyerUserId,
      status: orders.status,
      refunded: orders.refunded,
      paid: paidOfOrder,
      pastRefundWindow: pastWindow(rule.refundWindowDays),
      refundInFlight,
      hasPayout: hasLivePayout,
      destination: destinationOf,
    })
    .from(orders)
    // The join makes every column qualified ("orders"."id"), which the correlated subqueries need.
    .innerJoin(companies, eq(companies.id, orders.companyId))
    .where(eq(orders.id, orderId));
  if (!order) throw AppError.notFound('No such order.');
  const net = await netPayoutForOrder(tx, orderId);
  const refusal = payoutRefusal({
    status: order.status,
    pastRefundWindow: Boolean(order.pastRefundWindow),
    paid: Number(order.paid),
    refunded: order.refunded,
    refundInFlight: Boolean(order.refundInFlight),
    hasPayout: Boolean(order.hasPayout),
    net: net?.netMinor ?? null,
  });
  if (refusal !== null || !net) {
    throw new AppError('CONFLICT', refusal ?? 'Nothing is owed to the seller for this order.', { field: 'orderId' });
  }
  return {
    orderId,
    number: order.number,
    companyId: order.companyId,
    buyerUserId: order.buyerUserId,
    destination: order.destination,
    net,
  };
}

/** The payout row's amount and the rest of the reckoning it was made from. */
export const payoutAmounts = (net: OrderNetPayout) => ({
  amount: net.netMinor,
  currency: net.currency,
  grossAmount: net.grossMinor,
  taxAmount: net.taxMinor,
  premiumAmount: net.premiumMinor,
  commissionAmount: net.commissionMinor,
  sellerFeesAmount: net.sellerFeesMinor,
  refundedAmount: net.refundedMinor,
});
