import type { Executor } from '@lotline/db';
import { orderPayments } from '@lotline/db/schema';
import { PAYMENT_ATTEMPT_MOVES, type PaymentAttemptMove } from '@lotline/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { AppError } from '../../../lib/errors';

/**
 * The one writer of payment attempts (`order_payments`, issue 25): a charge or a deposit's capture is claimed
 * `processing` (`startPayment`), then decided once by `changePayment` through the lifecycle's
 * PAYMENT_ATTEMPT_MOVES, whose `from` its UPDATE repeats, so of two deciders (the request that charged and the
 * provider's event) exactly one moves it and the other gets null; a wire staff received is recorded at once
 * (`recordWirePayment`). Each in the caller's transaction (or on its own, for a fact outside one).
 */

type NewAttempt = Omit<typeof orderPayments.$inferInsert, 'status' | 'createdAt' | 'updatedAt'>;

/** Step 1 of a charge or a capture: the attempt, `processing`, before the provider is asked. */
export async function startPayment(tx: Executor, attempt: NewAttempt): Promise<void> {
  await tx.insert(orderPayments).values({ ...attempt, status: 'processing' });
}

/** A wire transfer staff received: money in, no provider to ask. */
export async function recordWirePayment(tx: Executor, attempt: Omit<NewAttempt, 'kind'>): Promise<void> {
  await tx.insert(orderPayments).values({ ...attempt, kind: 'wire', status: 'succeeded', updatedAt: sql`now()` });
}

/** What a move also records: the provider's id once known, the refusal's words. */
export interface PaymentFacts {
  providerPaymentId?: string;
  failureMessage?: string;
}

/** Decides the attempt by `move`; null when it is not in a state the move starts from (someone decided first). */
export async function changePayment(
  tx: Executor,
  paymentId: string,
  move: PaymentAttemptMove,
  facts: PaymentFacts = {},
): Promise<{ orderId: string; amount: number; currency: string } | null> {
  if (!Object.hasOwn(PAYMENT_ATTEMPT_MOVES, move))
    throw new AppError('CONFLICT', `A payment attempt has no move '${move}'.`);
  const rule = PAYMENT_ATTEMPT_MOVES[move];
  const [row] = await tx
    .update(orderPayments)
    .set({ status: rule.to, ...facts, updatedAt: sql`now()` })
    .where(and(eq(orderPayments.id, paymentId), inArray(orderPayments.status, [...rule.from])))
    .returning({ orderId: orderPayments.orderId, amount: orderPayments.amount, currency: orderPayments.currency });
  return row ?? null;
}

/**
 * A fact of an attempt still out that is not a move: the provider's id of a charge it is still deciding, or a
 * retried claim's new start (`updated_at`, which says how long ago it was tried).
 */
export async function touchPayment(tx: Executor, paymentId: string, facts: PaymentFacts = {}): Promise<void> {
  await tx
    .update(orderPayments)
    .set({ ...facts, updatedAt: sql`now()` })
    .where(and(eq(orderPayments.id, paymentId), eq(orderPayments.status, 'processing')));
}
