import { randomUUID } from 'node:crypto';
import { ORDER_STATUS } from '@lotline/contracts';
import type { Database, Executor } from '@lotline/db';
import { depositHolds, orderPayments, orders, registrations } from '@lotline/db/schema';
import { and, eq, inArray } from 'drizzle-orm';
import { AppError } from '../../../lib/errors';
import { formatMoney } from '../../../lib/money';
import type { PaymentProvider } from '../../payments/provider';
import { settleHold } from '../../registrations/hold-attempt';
import { changeOrder } from '../change-order';
import { dropAppliedDeposit, recordOrderEvent } from '../order-records';
import { amountDueSql } from './amount-due';
import { changePayment, startPayment } from './change-payment';
import { type PaymentMailDeps, sendOrderPaidMails } from './notify-payment';

type Claim = { paymentId: string; providerHoldId: string; amount: number; retry: boolean };

/**
 * Captures the winner's deposit hold toward an auction order (BIDDING §6,
 * decision 0044), the same three steps as a charge: claim (order row lock;
 * the hold goes `held` → `applied`, so neither the settlement job releases it
 * nor the renewal job replaces it; an `order_payments` row `deposit-capture`
 * `processing`), capture at the provider outside any transaction, record
 * (succeeded: history `deposit-applied`, and the order is paid when that
 * covered it all; refused or gone: the deposit is no longer applied and the
 * whole total is due). Idempotent: a captured deposit is never captured again.
 */
export async function captureDeposit(
  deps: { db: Database; provider: PaymentProvider; mail?: PaymentMailDeps },
  orderId: string,
): Promise<'captured' | 'failed' | 'none'> {
  const claim = await deps.db.transaction((tx) => claimCapture(tx, deps.provider.name, orderId));
  if (!claim) return 'none';
  let failure: string | null = null;
  try {
    await deps.provider.captureHold(claim.providerHoldId, claim.amount);
  } catch (err) {
    if (!(err instanceof AppError) || err.status >= 500) throw err;
    // A retried claim whose first capture went through finds the hold captured: that is our capture.
    if (!(claim.retry && err.code === 'CONFLICT')) failure = err.message;
  }
  return deps.db.transaction(async (tx) => {
    if (failure === null) {
      await recordCaptured(tx, deps.mail, orderId, claim);
      return 'captured' as const;
    }
    await changePayment(tx, claim.paymentId, 'fail', { failureMessage: failure });
    await dropDeposit(tx, orderId, 'The bid deposit could not be captured; the whole total is due.');
    return 'failed' as const;
  });
}

async function claimCapture(tx: Executor, providerName: 'sandbox' | 'stripe', orderId: string): Promise<Claim | null> {
  const [order] = await tx
    .select({
      status: orders.status,
      buyerUserId: orders.buyerUserId,
      eventId: orders.eventId,
      deposit: orders.depositApplied,
      currency: orders.currency,
    })
    .from(orders)
    .where(eq(orders.id, orderId))
    .for('update');
  if (order?.status !== ORDER_STATUS.pending || order.deposit <= 0 || !order.eventId) return null;
  const [earlier] = await tx
    .select({ id: orderPayments.id, status: orderPayments.status, providerHoldId: orderPayments.providerPaymentId })
    .from(orderPayments)
    .where(
      and(
        eq(orderPayments.orderId, orderId),
        eq(orderPayments.kind, 'deposit-capture'),
        inArray(orderPayments.status, ['processing', 'succeeded']),
      ),
    );
  if (earlier?.status === 'succeeded') return null;
  if (earlier?.providerHoldId) {
    return { paymentId: earlier.id, providerHoldId: earlier.providerHoldId, amount: order.deposit, retry: true };
  }
  const [hold] = await tx
    .select({
      holdId: depositHolds.id,
      registrationId: registrations.id,
      providerHoldId: depositHolds.providerHoldId,
      status: depositHolds.status,
    })
    .from(registrations)
    .innerJoin(depositHolds, eq(depositHolds.id, registrations.currentHoldId))
    .where(
      and(
        eq(registrations.userId, order.buyerUserId),
        eq(registrations.eventId, order.eventId),
        inArray(depositHolds.status, ['held', 'applied']),
      ),
    )
    // The renewal job takes the same lock and re-reads whether a capture was claimed (issue 25).
    .for('update', { of: registrations });
  if (!hold?.providerHoldId) {
    await dropDeposit(tx, orderId, 'The bid deposit hold was no longer standing; the whole total is due.');
    return null;
  }
  if (hold.status === 'held') await settleHold(tx, hold, 'applied');
  const paymentId = `opay_${randomUUID()}`;
  await startPayment(tx, {
    id: paymentId,
    orderId,
    kind: 'deposit-capture',
    provider: providerName,
    providerPaymentId: hold.providerHoldId,
    amount: order.deposit,
    currency: order.currency,
  });
  return { paymentId, providerHoldId: hold.providerHoldId, amount: order.deposit, retry: false };
}

async function recordCaptured(tx: Executor, mail: PaymentMailDeps | undefined, orderId: string, claim: Claim) {
  const payment = await changePayment(tx, claim.paymentId, 'succeed');
  if (!payment) return;
  await recordOrderEvent(tx, orderId, 'deposit-applied', {
    note: `Bid deposit of ${formatMoney(claim.amount, payment.currency)} captured toward this order.`,
  });
  const [left] = await tx.select({ due: amountDueSql() }).from(orders).where(eq(orders.id, orderId));
  if (left && left.due <= 0 && (await changeOrder(tx, orderId, 'pay')) && mail) {
    await sendOrderPaidMails(tx, mail, orderId, { amount: claim.amount, how: 'card' });
  }
}

/** The deposit cannot count toward the order: it is no longer applied, and the buyer owes the whole total. */
async function dropDeposit(tx: Executor, orderId: string, note: string) {
  await dropAppliedDeposit(tx, orderId);
  await recordOrderEvent(tx, orderId, 'payment-failed', { note });
}
