import { randomUUID } from 'node:crypto';
import type { Database, Executor } from '@lotline/db';
import { orderPayments, orderRefundParts, orderRefunds, orders } from '@lotline/db/schema';
import {
  REFUND_DRAW_ORDER,
  REFUND_MOVES,
  REFUNDABLE_ORDER_STATUSES,
  type RefundablePayment,
  type RefundablePaymentKind,
  splitRefund,
} from '@lotline/domain';
import { and, asc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import { AppError } from '../../lib/errors';
import { formatMoney } from '../../lib/money';
import { assertNotOwnCompany, assertNotOwnRecord } from '../../lib/own-record';
import type { PaymentProvider } from '../payments/provider';
import { mailCreditNote, type OrderMailDeps } from './order-mails';
import { addRefunded, recordOrderEvent } from './order-records';
import { presentOrder } from './present-order';

/**
 * Refunding an order, in full or in part, never above what its payments took and never twice (decision 0062).
 * The three steps of a charge (`payments/charge-order.ts`):
 *
 * 1. claim (`claimRefund`), in the caller's transaction holding the order's row lock: what can be refunded is
 *    what the succeeded payments took less every refund part not failed; the refund (`processing`, its credit
 *    note number) and its parts are inserted, split over the payments by the domain's `splitRefund` (the card
 *    charge first, then the captured deposit, then a wire). Of two simultaneous refunds the second claims only
 *    what the first left.
 * 2. give back (`completeRefund`), outside any transaction: each card or deposit part at the provider under
 *    its own id as reference (a retry answers the same provider refund); a wire part has no provider: it is
 *    returned by bank transfer, so it is recorded given back at once and the history says so.
 * 3. record, once (the refund's row lock, its `processing` status): each part's outcome as it comes; once no
 *    part is out, the refund succeeds for what was given back (`orders.refunded` grows by it, history
 *    `refunded`, the buyer is mailed the credit note) or fails when nothing was (history `refund-failed`).
 *    A part given back stays given back: when another part failed, the refund keeps only what was returned
 *    (its amount shrinks to it, its failure message says what was not) and the rest stays refundable.
 *
 * A refund never changes the order's status: a fully refunded paid order stays paid, with `refunded` = `paid`.
 */

export interface RefundDeps {
  db: Database;
  provider: PaymentProvider;
  /** The buyer's credit-note e-mail. */
  mail: OrderMailDeps;
}

export interface RefundInput {
  /** Minor units of the order's currency. */
  amount: number;
  reason: string;
  /** Who refunds: a seller user of the order's company, or staff. */
  actorUserId: string;
  /** Staff refund as the marketplace: never an order of a company they belong to (decision 0091). */
  asStaff?: boolean;
}

export type RefundOutcome = {
  refundId: string;
  status: 'succeeded' | 'processing' | 'failed';
  /** What the seller or staff still have to do: send a wire back by bank transfer. */
  byTransfer: number;
};

/** Claims and gives back a refund in one call (the routes split it around their Idempotency-Key). */
export async function refundOrder(deps: RefundDeps, orderId: string, input: RefundInput): Promise<RefundOutcome> {
  const refundId = await deps.db.transaction((tx) => claimRefund(tx, orderId, input));
  return completeRefund(deps, refundId);
}

/** Step 1: the refund and its parts, `processing`. Answers the refund's id. */
export async function claimRefund(tx: Executor, orderId: string, input: RefundInput): Promise<string> {
  if (!Number.isSafeInteger(input.amount) || input.amount <= 0) {
    throw AppError.validation('The amount must be a whole number of minor units above 0.', 'amount');
  }
  const [order] = await tx
    .select({
      status: orders.status,
      buyerUserId: orders.buyerUserId,
      companyId: orders.companyId,
      currency: orders.currency,
    })
    .from(orders)
    .where(eq(orders.id, orderId))
    .for('update');
  if (!order) throw AppError.notFound('No such order.');
  assertNotOwnRecord(input.actorUserId, order.buyerUserId);
  if (input.asStaff) await assertNotOwnCompany(tx, input.actorUserId, order.companyId);
  if (!REFUNDABLE_ORDER_STATUSES.includes(order.status)) {
    throw new AppError('CONFLICT', 'Only a paid or cancelled order can be refunded.');
  }
  const payments = await refundablePayments(tx, orderId);
  const refundable = payments.reduce((sum, p) => sum + Math.max(0, p.left), 0);
  if (input.amount > refundable) {
    const message =
      refundable > 0
        ? `At most ${formatMoney(refundable, order.currency)} can be refunded.`
        : 'Nothing is left to refund on this order.';
    throw new AppError('CONFLICT', message, { field: 'amount' });
  }
  const refundId = `rf_${randomUUID()}`;
  await tx.insert(orderRefunds).values({
    id: refundId,
    orderId,
    number: sql`'CN-' || nextval('credit_note_number_seq')`,
    amount: input.amount,
    currency: order.currency,
    reason: input.reason,
    actorUserId: input.actorUserId,
  });
  await tx.insert(orderRefundParts).values(
    splitRefund(payments, input.amount).map((part) => ({
      id: `rfp_${randomUUID()}`,
      refundId,
      orderPaymentId: part.paymentId,
      amount: part.amount,
    })),
  );
  return refundId;
}

/** The order's succeeded payments (oldest first), each with what is left of it to give back. */
async function refundablePayments(tx: Executor, orderId: string): Promise<RefundablePayment[]> {
  const payments = await tx
    .select({ id: orderPayments.id, kind: orderPayments.kind, amount: orderPayments.amount })
    .from(orderPayments)
    .where(
      and(
        eq(orderPayments.orderId, orderId),
        eq(orderPayments.status, 'succeeded'),
        inArray(orderPayments.kind, [...REFUND_DRAW_ORDER]),
      ),
    )
    .orderBy(asc(orderPayments.createdAt), asc(orderPayments.id));
  const given = await tx
    .select({
      paymentId: orderRefundParts.orderPaymentId,
      amount: sql<number>`coalesce(sum(${orderRefundParts.amount}), 0)::float8`,
    })
    .from(orderRefundParts)
    .innerJoin(orderRefunds, eq(orderRefunds.id, orderRefundParts.refundId))
    .where(and(eq(orderRefunds.orderId, orderId), ne(orderRefundParts.status, 'failed')))
    .groupBy(orderRefundParts.orderPaymentId);
  return payments.map((p) => ({
    id: p.id,
    kind: p.kind,
    left: p.amount - (given.find((g) => g.paymentId === p.id)?.amount ?? 0),
  }));
}

/** What became of one part at the provider (or by bank transfer). `pending`: the provider decides later. */
export type PartOutcome =
  | { status: 'succeeded' | 'pending'; providerRefundId: string | null }
  | { status: 'failed'; providerRefundId: string | null; message: string };

/**
 * Steps 2 and 3 for a claimed refund: each part still out is given back, and recorded as it comes; then the
 * refund is decided. Safe to run again (a retried request, two at once): a decided part is not asked again,
 * and the provider answers a part asked twice with the same refund.
 */
export async function completeRefund(deps: RefundDeps, refundId: string): Promise<RefundOutcome> {
  const parts = await deps.db
    .select({
      id: orderRefundParts.id,
      amount: orderRefundParts.amount,
      kind: orderPayments.kind,
      provider: orderPayments.provider,
      providerPaymentId: orderPayments.providerPaymentId,
      currency: orderPayments.currency,
      providerRefundId: orderRefundParts.providerRefundId,
    })
    .from(orderRefundParts)
    .innerJoin(orderPayments, eq(orderPayments.id, orderRefundParts.orderPaymentId))
    .where(and(eq(orderRefundParts.refundId, refundId), eq(orderRefundParts.status, 'processing')))
    .orderBy(asc(orderRefundParts.id));
  for (const part of parts) {
    const outcome = await giveBack(deps.provider, part);
    await deps.db.transaction((tx) => recordRefundPart(tx, deps.mail, part.id, outcome));
  }
  if (parts.length === 0) await deps.db.transaction((tx) => decideRefund(tx, deps.mail, refundId));
  return refundOutcome(deps.db, refundId);
}

type OutPart = {
  id: string;
  amount: number;
  kind: RefundablePaymentKind;
  provider: string | null;
  providerPaymentId: string | null;
  currency: string;
};

/** Step 2 for one part. A refusal is the part's failure; anything else (an outage) leaves it out, to retry. */
async function giveBack(provider: PaymentProvider, part: OutPart): Promise<PartOutcome> {
  // A wire came in by bank transfer and goes back the same way: nothing to ask a provider.
  if (part.kind === 'wire') return { status: 'succeeded', providerRefundId: null };
  if (!part.providerPaymentId || part.provider !== provider.name) {
    const message = 'This payment was taken through another payment provider; refund it there.';
    return { status: 'failed', providerRefundId: null, message };
  }
  try {
    const refund = await provider.refund({
      providerPaymentId: part.providerPaymentId,
      amount: part.amount,
      currency: part.currency,
      reference: part.id,
    });
    if (refund.status === 'failed') {
      const message = refund.failureMessage ?? 'The payment provider could not complete the refund.';
      return { status: 'failed', providerRefundId: refund.id, message };
    }
    return { status: refund.status, providerRefundId: refund.id };
  } catch (err) {
    if (err instanceof AppError && err.status < 500) {
      return { status: 'failed', providerRefundId: null, message: err.message };
    }
    throw err;
  }
}

/**
 * Step 3 for one part (also the provider's `refund.updated` event for a pending one): its outcome, once, then
 * the refund's decision when no part is out any more. False when the part was already decided.
 */
export async function recordRefundPart(
  tx: Executor,
  mail: OrderMailDeps | undefined,
  partId: string,
  outcome: PartOutcome,
): Promise<boolean> {
  const [part] = await tx
    .update(orderRefundParts)
    .set({
      ...(outcome.status === 'pending' ? {} : { status: outcome.status }),
      ...(outcome.providerRefundId ? { providerRefundId: outcome.providerRefundId } : {}),
      failureMessage: outcome.status === 'failed' ? outcome.message : null,
      updatedAt: sql`now()`,
    })
    // Both moves (and a pending answer, which is no move) start from `processing` (REFUND_MOVES).
    .where(and(eq(orderRefundParts.id, partId), inArray(orderRefundParts.status, [...REFUND_MOVES.succeed.from])))
    .returning({ refundId: orderRefundParts.refundId });
  if (!part) return false;
  if (outcome.status !== 'pending') await decideRefund(tx, mail, part.refundId);
  return true;
}

/** Step 3 for the refund: once every part is decided, it succeeds for what was given back, or fails. */
async function decideRefund(tx: Executor, mail: OrderMailDeps | undefined, refundId: string): Promise<void> {
  const [refund] = await tx.select().from(orderRefunds).where(eq(orderRefunds.id, refundId)).for('update');
  if (refund?.status !== 'processing') return;
  const parts = await tx
    .select({
      amount: orderRefundParts.amount,
      status: orderRefundParts.status,
      failureMessage: orderRefundParts.failureMessage,
      kind: orderPayments.kind,
    })
    .from(orderRefundParts)
    .innerJoin(orderPayments, eq(orderPayments.id, orderRefundParts.orderPaymentId))
    .where(eq(orderRefundParts.refundId, refundId))
    .orderBy(asc(orderRefundParts.id));
  if (parts.some((p) => p.status === 'processing')) return;
  const money = (minor: number) => formatMoney(minor, refund.currency);
  const given = sumOf(parts.filter((p) => p.status === 'succeeded'));
  const byTransfer = sumOf(parts.filter((p) => p.status === 'succeeded' && p.kind === 'wire'));
  const failed = parts.filter((p) => p.status === 'failed');
  const why = failed.map((p) => p.failureMessage).join(' ') || null;
  const step = { actorUserId: refund.actorUserId };
  if (given === 0) {
    await setRefund(tx, refundId, { status: 'failed', failureMessage: why });
    const note = `${refund.number}: ${money(refund.amount)} could not be refunded. ${why ?? ''}`.trim();
    await recordOrderEvent(tx, refund.orderId, 'refund-failed', { ...step, note });
    return;
  }
  const short = refund.amount - given;
  const failureMessage = short > 0 ? `${money(short)} of ${money(refund.amount)} was not refunded. ${why}` : null;
  await setRefund(tx, refundId, { status: 'succeeded', amount: given, failureMessage, succeededAt: sql`now()` });
  await addRefunded(tx, refund.orderId, given);
  const transfer = byTransfer > 0 ? ` (${money(byTransfer)} to be returned to the buyer by bank transfer)` : '';
  await recordOrderEvent(tx, refund.orderId, 'refunded', {
    ...step,
    note: `${refund.number}: ${money(given)} — ${refund.reason}${transfer}`,
  });
  if (failureMessage) {
    await recordOrderEvent(tx, refund.orderId, 'refund-failed', {
      ...step,
      note: `${refund.number}: ${failureMessage}`,
    });
  }
  if (!mail) return;
  const order = await presentOrder(tx, refund.orderId, mail.featureOverrides ?? {});
  const note = order?.refunds.find((r) => r._id === refundId);
  if (order && note) await mailCreditNote(tx, mail, order, note, byTransfer);
}

const sumOf = (parts: { amount: number }[]) => parts.reduce((sum, p) => sum + p.amount, 0);

type RefundDecision = {
  status: 'succeeded' | 'failed';
  failureMessage: string | null;
  amount?: number;
  succeededAt?: SQL;
};

/** The refund's decision, a move of REFUND_MOVES (its UPDATE repeats the move's `from`). */
async function setRefund(tx: Executor, refundId: string, set: RefundDecision) {
  const move = REFUND_MOVES[set.status === 'succeeded' ? 'succeed' : 'fail'];
  await tx
    .update(orderRefunds)
    .set({ ...set, status: move.to, updatedAt: sql`now()` })
    .where(and(eq(orderRefunds.id, refundId), inArray(orderRefunds.status, [...move.from])));
}

/** The refund as it stands, and what of it goes back by bank transfer. */
async function refundOutcome(db: Executor, refundId: string): Promise<RefundOutcome> {
  const [refund] = await db
    .select({
      status: orderRefunds.status,
      byTransfer: sql<number>`coalesce((select sum(rp.amount) from order_refund_parts rp
        join order_payments p on p.id = rp.order_payment_id
        where rp.refund_id = ${refundId} and rp.status = 'succeeded' and p.kind = 'wire'), 0)::float8`,
    })
    .from(orderRefunds)
    .where(eq(orderRefunds.id, refundId));
  if (!refund) throw new Error(`refund ${refundId} vanished`);
  return { refundId, ...refund };
}
