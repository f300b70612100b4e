import { ORDER_STATUS } from '@lotline/contracts';
import type { Database, Executor } from '@lotline/db';
import { orderPayments, orders } from '@lotline/db/schema';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { JobRunner } from '../../lib/jobs/job-runner';
import { formatMoney } from '../../lib/money';
import { publishLotChanges } from '../live/publish-lot-changes';
import { changeOrder, inFlight } from './change-order';
import { mailOrderCancelled, mailPaymentReminder, type OrderMailDeps } from './order-mails';
import { markPaymentReminded, recordOrderEvent } from './order-records';
import { depositOutstandingSql } from './payment/amount-due';
import { type FlagOverrides, presentOrder } from './present-order';
import { openSecondChance } from './second-chance';

/** How often the payment-window job looks (the window is in days: minutes late is fine). */
export const UNPAID_EVERY_S = 5 * 60;
/** The reminder goes out this long before the window ends. */
export const PAYMENT_REMINDER_LEAD = sql`interval '24 hours'`;

export type UnpaidDeps = OrderMailDeps & { db: Database; featureOverrides: FlagOverrides };

/** Approved orders still unpaid, whose money is not in motion: nothing at the provider, no deposit to capture. */
const unpaidAndIdle = () =>
  and(
    eq(orders.status, ORDER_STATUS.pending),
    eq(orders.approval, 'approved'),
    sql`not exists (${inFlight})`,
    sql`not ${depositOutstandingSql()}`,
  );

/**
 * BIDDING §8 (decision 0061): an approved order not paid within its event's payment window (`payment_due_at`,
 * the database clock) is cancelled for non-payment by the lifecycle's `expirePayment`: its units go back on
 * sale, or, for a lot sold whole, the lot becomes OrderCancelled and the runner-up of an auction is offered it
 * at their highest bid for 48 hours. A bid deposit captured toward the order is kept toward the seller's loss
 * (the history says so), and the buyer is told. One order per transaction, taken `FOR UPDATE SKIP LOCKED`, and
 * the move's own WHERE repeats the deadline and the idle test, so of two processes (or a payment racing the
 * job) exactly one decides. An order with a charge or refund in flight, or a deposit not captured yet, waits
 * for it. Returns how many were cancelled.
 */
export async function expireUnpaidOrders(deps: UnpaidDeps, limit = 100): Promise<number> {
  let cancelled = 0;
  for (let i = 0; i < limit; i++) {
    const lots = await deps.db.transaction(async (tx) => {
      const [due] = await tx
        .select({ id: orders.id })
        .from(orders)
        .where(and(unpaidAndIdle(), sql`${orders.paymentDueAt} <= now()`))
        .orderBy(asc(orders.paymentDueAt))
        .limit(1)
        .for('update', { skipLocked: true });
      if (!due) return null;
      const moved = await changeOrder(tx, due.id, 'expirePayment', { note: 'Not paid within the payment window.' });
      if (!moved) return [];
      const forfeited = await forfeitDeposit(tx, due.id);
      const order = await presentOrder(tx, due.id, deps.featureOverrides);
      if (order) await mailOrderCancelled(tx, deps, order, { reason: null, forfeited });
      if (moved.soleLotId && moved.source === 'auction') await openSecondChance(tx, deps, due.id, moved.soleLotId);
      return order?.lines.map((l) => l.eventLotId) ?? [];
    });
    if (lots === null) break;
    cancelled++;
    await publishLotChanges(deps.db, lots);
  }
  return cancelled;
}

/**
 * The bid deposit captured toward an order cancelled for non-payment stays captured: the seller keeps it toward
 * their loss (decision 0061; the event's terms say so). Recorded on the order; answers the amount.
 */
async function forfeitDeposit(tx: Executor, orderId: string): Promise<number> {
  const [captured] = await tx
    .select({
      amount: sql<number>`coalesce(sum(${orderPayments.amount}), 0)::float8`,
      currency: sql<string | null>`min(${orderPayments.currency})`,
    })
    .from(orderPayments)
    .where(
      and(
        eq(orderPayments.orderId, orderId),
        eq(orderPayments.kind, 'deposit-capture'),
        eq(orderPayments.status, 'succeeded'),
      ),
    );
  const amount = captured?.amount ?? 0;
  if (amount <= 0 || !captured?.currency) return 0;
  await recordOrderEvent(tx, orderId, 'deposit-forfeited', {
    note: `The bid deposit of ${formatMoney(amount, captured.currency)} is kept by the seller toward their loss.`,
  });
  return amount;
}

/**
 * The reminder a day before the window ends, once per order (`payment_reminded_at`): what is due and by when.
 * Returns how many were sent.
 */
export async function remindUnpaidOrders(deps: UnpaidDeps, limit = 200): Promise<number> {
  let reminded = 0;
  for (let i = 0; i < limit; i++) {
    const sent = await deps.db.transaction(async (tx) => {
      const [due] = await tx
        .select({ id: orders.id, dueAt: orders.paymentDueAt })
        .from(orders)
        .where(
          and(
            unpaidAndIdle(),
            sql`${orders.paymentRemindedAt} is null`,
            sql`${orders.paymentDueAt} > now()`,
            sql`${orders.paymentDueAt} <= now() + ${PAYMENT_REMINDER_LEAD}`,
          ),
        )
        .orderBy(asc(orders.paymentDueAt))
        .limit(1)
        .for('update', { skipLocked: true });
      if (!due?.dueAt) return null;
      if (!(await markPaymentReminded(tx, due.id))) return false;
      const order = await presentOrder(tx, due.id, deps.featureOverrides);
      if (order) await mailPaymentReminder(tx, deps, order, due.dueAt);
      return true;
    });
    if (sent === null) break;
    if (sent) reminded++;
  }
  return reminded;
}

/** The payment-window job: at start, then every 5 minutes (idempotent: each order is reminded and cancelled once). */
export function registerUnpaidOrderExpiry(jobs: JobRunner, deps: UnpaidDeps, log: FastifyBaseLogger): void {
  jobs.register(
    'expire-unpaid-orders',
    async () => {
      const reminded = await remindUnpaidOrders(deps);
      const cancelled = await expireUnpaidOrders(deps);
      if (reminded + cancelled > 0) log.info({ reminded, cancelled }, 'unpaid orders reminded and cancelled');
    },
    { everySeconds: UNPAID_EVERY_S, failureMessage: 'could not expire unpaid orders' },
  );
}
