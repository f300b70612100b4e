import { randomUUID } from 'node:crypto';
import { ORDER_STATUS } from '@lotline/contracts';
import type { Database, Executor } from '@lotline/db';
import { orderPayments, orders } from '@lotline/db/schema';
import { and, eq, sql } from 'drizzle-orm';
import { AppError } from '../../../lib/errors';
import type { PaymentProvider } from '../../payments/provider';
import { chooseCard } from '../../registrations/registration-rules';
import { changeOrder } from '../change-order';
import { recordOrderEvent, recordPaymentRefusal, setPaymentKind } from '../order-records';
import { amountDueSql, depositOutstandingSql } from './amount-due';
import { captureDeposit } from './capture-deposit';
import { changePayment, startPayment, touchPayment } from './change-payment';
import { type PaymentMailDeps, sendOrderPaidMails, sendPaymentFailedMail } from './notify-payment';

/**
 * Charging what a buyer owes on an order with a saved card, never twice and
 * never lost (issue 15; the same three steps as a deposit hold, decision 0037):
 *
 * 1. claim: in a transaction holding the order's row lock, check it is
 *    pending, approved and owes something, and insert the `order_payments`
 *    row as `processing`. The partial unique index allows one live charge per
 *    order, so a second simultaneous attempt is refused (409).
 * 2. charge at the provider with `reference` = that row's id, outside any
 *    transaction: the provider is idempotent on it, so a retry after a crash
 *    answers the same payment.
 * 3. record: succeeded → the order is paid (`changeOrder` … `pay`); refused → the
 *    row is `failed`, the order keeps its `payment_error` for the page and
 *    stays pending ("pay with another card"); `processing` (Stripe decides
 *    later) → the webhook records it.
 *
 * `orders.payment_kind` says how the order is being paid: the claim sets
 * `card` (so staff never see it among the wires awaited while a card charge
 * runs), a success keeps it, and a refusal puts back what held before the
 * attempt (`kindAfterRefusal`).
 *
 * A `processing` row older than ABANDONED_AFTER belongs to an attempt that
 * died between 1 and 3: the next attempt reuses it and its reference.
 */
export const ABANDONED_AFTER = "interval '2 minutes'";

export interface ChargeDeps {
  db: Database;
  provider: PaymentProvider;
  /** The "paid" and "payment failed" e-mails (decision 0044). */
  mail: PaymentMailDeps;
}

export type ChargeOutcome =
  | { status: 'paid'; paymentId: string }
  | { status: 'processing'; paymentId: string }
  | { status: 'failed'; paymentId: string | null; message: string };

export interface ChargeOptions {
  /** Our payment method id; the buyer's default card when absent. */
  paymentMethodId?: string;
  /** Who asked (the buyer paying by hand); null for an automatic charge. */
  actorUserId?: string | null;
}

type Claimed = {
  id: string;
  amount: number;
  currency: string;
  number: string;
  providerPaymentMethodId: string;
  customerId: string | undefined;
};

export async function chargeOrder(
  deps: ChargeDeps,
  orderId: string,
  options: ChargeOptions = {},
): Promise<ChargeOutcome> {
  // An auction order's deposit is captured first (idempotent; a no-op once done or when there is none):
  // the amount due counts it as paid, so a charge before the capture would leave it uncollected.
  await captureDeposit(deps, orderId);
  let claimed: Claimed;
  try {
    claimed = await deps.db.transaction((tx) => claimCharge(tx, deps.provider.name, orderId, options));
  } catch (err) {
    // No card, or a card of another provider: a refusal the person fixes, kept on the order like a decline.
    if (err instanceof AppError && err.code === 'PAYMENT_DECLINED') {
      await deps.db.transaction((tx) =>
        recordFailure(tx, orderId, null, err.message, options.actorUserId ?? null, deps.mail),
      );
      return { status: 'failed', paymentId: null, message: err.message };
    }
    throw err;
  }
  try {
    const charge = await deps.provider.charge({
      paymentMethodId: claimed.providerPaymentMethodId,
      customerId: claimed.customerId,
      amount: claimed.amount,
      currency: claimed.currency,
      reference: claimed.id,
      description: `Lotline order ${claimed.number}`,
    });
    if (charge.status === 'processing') {
      await touchPayment(deps.db, claimed.id, { providerPaymentId: charge.id });
      return { status: 'processing', paymentId: claimed.id };
    }
    // False when the provider's event (the sandbox delivers it during the charge) recorded it first.
    await deps.db.transaction((tx) => recordChargeSucceeded(tx, claimed.id, charge.id, deps.mail));
    return { status: 'paid', paymentId: claimed.id };
  } catch (err) {
    if (err instanceof AppError && (err.code === 'PAYMENT_DECLINED' || err.code === 'NOT_FOUND')) {
      const message =
        err.code === 'NOT_FOUND' ? 'The card is no longer available. Pay with another card.' : err.message;
      await deps.db.transaction((tx) =>
        recordFailure(tx, orderId, claimed.id, message, options.actorUserId ?? null, deps.mail),
      );
      return { status: 'failed', paymentId: claimed.id, message };
    }
    throw err;
  }
}

/** Step 1. */
async function claimCharge(
  tx: Executor,
  providerName: 'sandbox' | 'stripe',
  orderId: string,
  options: ChargeOptions,
): Promise<Claimed> {
  const [order] = await tx
    .select({
      buyerUserId: orders.buyerUserId,
      status: orders.status,
      approval: orders.approval,
      number: orders.number,
      currency: orders.currency,
      due: amountDueSql(),
      depositOutstanding: depositOutstandingSql(),
    })
    .from(orders)
    .where(eq(orders.id, orderId))
    .for('update');
  if (!order) throw AppError.notFound('No such order.');
  if (order.depositOutstanding) throw depositBeingApplied();
  if (order.status !== ORDER_STATUS.pending) throw new AppError('CONFLICT', 'This order is not awaiting payment.');
  if (order.approval !== 'approved') throw new AppError('CONFLICT', 'The seller has not approved this order yet.');
  if (order.due <= 0) throw new AppError('CONFLICT', 'Nothing is owed on this order.');

  const [live] = await tx
    .select({
      id: orderPayments.id,
      amount: orderPayments.amount,
      paymentMethodId: orderPayments.paymentMethodId,
      abandoned: sql<boolean>`${orderPayments.updatedAt} < now() - ${sql.raw(ABANDONED_AFTER)}`,
    })
    .from(orderPayments)
    .where(
      and(eq(orderPayments.orderId, orderId), eq(orderPayments.kind, 'charge'), eq(orderPayments.status, 'processing')),
    );
  if (live && !live.abandoned) throw new AppError('CONFLICT', 'A payment for this order is already in progress.');

  const card = await chooseCard(
    tx,
    order.buyerUserId,
    providerName,
    live?.paymentMethodId ?? options.paymentMethodId,
    'Add a card to your account to pay this order, or pay by wire transfer.',
  );
  if (live) {
    await touchPayment(tx, live.id);
    return {
      id: live.id,
      amount: live.amount,
      currency: order.currency,
      number: order.number,
      providerPaymentMethodId: card.providerPaymentMethodId,
      customerId: card.customerId,
    };
  }
  const id = `opay_${randomUUID()}`;
  await startPayment(tx, {
    id,
    orderId,
    kind: 'charge',
    provider: providerName,
    paymentMethodId: card.id,
    amount: order.due,
    currency: order.currency,
    actorUserId: options.actorUserId ?? null,
  });
  await setPaymentKind(tx, orderId, 'card');
  return {
    id,
    amount: order.due,
    currency: order.currency,
    number: order.number,
    providerPaymentMethodId: card.providerPaymentMethodId,
    customerId: card.customerId,
  };
}

/**
 * Step 3, success (also the webhook's `payment_intent.succeeded`): the payment
 * row succeeds once and the order is paid once, whichever of the two comes first.
 */
export async function recordChargeSucceeded(
  tx: Executor,
  paymentId: string,
  providerPaymentId: string,
  mail?: PaymentMailDeps,
): Promise<boolean> {
  const payment = await changePayment(tx, paymentId, 'succeed', { providerPaymentId });
  if (!payment) return false;
  // Paid only when nothing is owed any more (a deposit dropped after the claim leaves some due).
  const [owed] = await tx
    .select({ due: amountDueSql(), depositOutstanding: depositOutstandingSql() })
    .from(orders)
    .where(eq(orders.id, payment.orderId));
  if (!owed || owed.due > 0 || owed.depositOutstanding) return true;
  const paid = await changeOrder(tx, payment.orderId, 'pay');
  if (paid && mail) await sendOrderPaidMails(tx, mail, payment.orderId, { amount: payment.amount, how: 'card' });
  return true;
}

/**
 * Step 3, refusal (also the webhook's `payment_intent.payment_failed`): the
 * attempt failed, the order stays pending and shows why, and its payment kind
 * goes back to what it was before the attempt. Once per attempt: false when
 * the attempt was already decided (the provider's event came first). A refusal
 * before any attempt (no card: `paymentId` null) leaves the kind alone, as the
 * claim never set it.
 */
export async function recordFailure(
  tx: Executor,
  orderId: string,
  paymentId: string | null,
  message: string,
  actorUserId: string | null,
  mail?: PaymentMailDeps,
): Promise<boolean> {
  if (paymentId) {
    if (!(await changePayment(tx, paymentId, 'fail', { failureMessage: message }))) return false;
  }
  await recordPaymentRefusal(tx, orderId, message, paymentId !== null);
  await recordOrderEvent(tx, orderId, 'payment-failed', { note: message, actorUserId });
  if (mail) await sendPaymentFailedMail(tx, mail, orderId, message);
  return true;
}

/** 409 while an auction order's deposit is still to be captured (the settlement job or the next attempt does it). */
export function depositBeingApplied(): AppError {
  return new AppError('CONFLICT', 'Your bid deposit is being applied to this order. Try again in a minute.');
}
