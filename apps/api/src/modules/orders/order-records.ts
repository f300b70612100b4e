import type { Executor } from '@lotline/db';
import { orderHistory, orderPayments, orders } from '@lotline/db/schema';
import type { OrderEvent } from '@lotline/domain';
import { eq, sql } from 'drizzle-orm';

/**
 * What the payment side records on an order besides its state (issue 25: `orders/` is the only writer of
 * orders; the state itself moves only through `changeOrder`): the way the buyer pays, the last refusal, a
 * deposit that no longer counts, and the history lines of those events. Each in the caller's transaction.
 */

/** A history line for an event that is not a move (`wire-chosen`, `payment-failed`, `deposit-applied`, …). */
export async function recordOrderEvent(
  tx: Executor,
  orderId: string,
  event: Extract<
    OrderEvent,
    | 'wire-chosen'
    | 'payment-failed'
    | 'deposit-applied'
    | 'payment-reminder'
    | 'deposit-forfeited'
    | 'second-chance'
    | 'refunded'
    | 'refund-failed'
  >,
  step: { note?: string | null; actorUserId?: string | null } = {},
): Promise<void> {
  await tx.insert(orderHistory).values({
    orderId,
    event,
    // The order's status as it is (the line records the state the event left it in).
    status: sql`(select ${orders.status} from ${orders} where ${orders.id} = ${orderId})`,
    note: step.note ?? null,
    actorUserId: step.actorUserId ?? null,
  });
}

/**
 * The payment window's reminder went out (once: the WHERE repeats what the job looked for, so of two job runs
 * one records it). False when the order is no longer due a reminder.
 */
export async function markPaymentReminded(tx: Executor, orderId: string): Promise<boolean> {
  const rows = await tx
    .update(orders)
    .set({ paymentRemindedAt: sql`now()` })
    .where(sql`${orders.id} = ${orderId} and ${orders.paymentRemindedAt} is null`)
    .returning({ id: orders.id });
  if (rows.length === 0) return false;
  await recordOrderEvent(tx, orderId, 'payment-reminder');
  return true;
}

/** The buyer pays by card (a charge was claimed) or by wire (they chose it). */
export async function setPaymentKind(tx: Executor, orderId: string, kind: 'card' | 'wire'): Promise<void> {
  await tx.update(orders).set({ paymentKind: kind, updatedAt: sql`now()` }).where(eq(orders.id, orderId));
}

/**
 * What `payment_kind` is once a card attempt is refused: what it was before the claim set `card`. `wire` when
 * the buyer chose wire (only `chooseWire` sets it, with its history row), `card` when an earlier card charge of
 * the order succeeded (a part is paid), else none: the order page then offers paying again, by card or wire.
 * Read from the order's facts, so recording the same refusal twice could not change it either.
 */
const kindAfterRefusal = sql<'card' | 'wire' | null>`(case
  when exists (select 1 from ${orderHistory} h where h.order_id = ${orders.id} and h.event = 'wire-chosen') then 'wire'
  when exists (select 1 from ${orderPayments} p where p.order_id = ${orders.id} and p.kind = 'charge'
               and p.status = 'succeeded') then 'card'
end)::order_payment_kind`;

/**
 * A card payment was refused: the order shows why until a payment succeeds, and, when an attempt had set the
 * kind, it goes back to what it was before (`afterAttempt`).
 */
export async function recordPaymentRefusal(
  tx: Executor,
  orderId: string,
  message: string,
  afterAttempt: boolean,
): Promise<void> {
  await tx
    .update(orders)
    .set({ paymentError: message, updatedAt: sql`now()`, ...(afterAttempt ? { paymentKind: kindAfterRefusal } : {}) })
    .where(eq(orders.id, orderId));
}

/** The bid deposit cannot count toward the order: the buyer owes the whole total. */
export async function dropAppliedDeposit(tx: Executor, orderId: string): Promise<void> {
  await tx.update(orders).set({ depositApplied: 0, updatedAt: sql`now()` }).where(eq(orders.id, orderId));
}

/**
 * A refund was given back (decision 0062): `refunded` grows by what the provider (or the bank transfer) returned.
 * Only the refund writer (`refund-order.ts`) calls it, once per refund, under the order's row lock.
 */
export async function addRefunded(tx: Executor, orderId: string, amount: number): Promise<void> {
  await tx
    .update(orders)
    .set({ refunded: sql`${orders.refunded} + ${amount}`, updatedAt: sql`now()` })
    .where(eq(orders.id, orderId));
}
