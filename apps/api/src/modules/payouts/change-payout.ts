import type { Executor } from '@lotline/db';
import { payouts } from '@lotline/db/schema';
import { PAYOUT_MOVES, type PayoutMove } from '@lotline/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { AppError } from '../../lib/errors';

/**
 * The one writer of payouts (`payouts`, decision 0079). A Stripe transfer is claimed `processing` before Stripe
 * is asked (`claimTransfer`; its id is the idempotency key), then decided once by `changePayout` through
 * PAYOUT_MOVES, whose `from` its UPDATE repeats: of two deciders (the job and a retry of it) one moves it, the
 * other gets null. A bank transfer staff made is recorded `paid` at once (`insertManualPayout`). Every insert
 * leans on `payouts_one_live_per_order_key`: the callers hold the order's row lock and check first, and the
 * index refuses a second live payout even if they did not.
 */

type NewPayout = Omit<
  typeof payouts.$inferInsert,
  'status' | 'method' | 'createdAt' | 'updatedAt' | 'paidAt' | 'failureMessage'
>;

/** Step 1 of a Stripe payout: `processing`, to the company's connected account. */
export async function claimTransfer(tx: Executor, payout: NewPayout & { destination: string }): Promise<void> {
  await insertOnce(tx.insert(payouts).values({ ...payout, method: 'stripe', status: 'processing' }));
}

/** A bank transfer staff made: money out, no provider to ask. */
export async function insertManualPayout(tx: Executor, payout: NewPayout & { reference: string }): Promise<void> {
  await insertOnce(tx.insert(payouts).values({ ...payout, method: 'manual', status: 'paid', paidAt: sql`now()` }));
}

/** The index's refusal of a second live payout is the same answer as the callers' own check: 409. */
async function insertOnce(insert: Promise<unknown>): Promise<void> {
  try {
    await insert;
  } catch (err) {
    const cause = (err as { cause?: { code?: string; constraint?: string } }).cause ?? err;
    const { code, constraint } = cause as { code?: string; constraint?: string };
    if (code === '23505' && constraint === 'payouts_one_live_per_order_key') {
      throw new AppError('CONFLICT', 'This order has already been paid out.', { field: 'orderId', cause: err });
    }
    throw err;
  }
}

export interface PayoutFacts {
  /** Stripe's transfer id. */
  reference?: string;
  failureMessage?: string;
}

/** Decides a `processing` payout by `move`; null when it is not in a state the move starts from. */
export async function changePayout(
  tx: Executor,
  payoutId: string,
  move: PayoutMove,
  facts: PayoutFacts = {},
): Promise<{ orderId: string; amount: number; currency: string } | null> {
  if (!Object.hasOwn(PAYOUT_MOVES, move)) throw new AppError('CONFLICT', `A payout has no move '${move}'.`);
  const rule = PAYOUT_MOVES[move];
  const [row] = await tx
    .update(payouts)
    .set({
      status: rule.to,
      ...facts,
      ...(rule.to === 'paid' ? { paidAt: sql`now()` } : {}),
      updatedAt: sql`now()`,
    })
    .where(and(eq(payouts.id, payoutId), inArray(payouts.status, [...rule.from])))
    .returning({ orderId: payouts.orderId, amount: payouts.amount, currency: payouts.currency });
  return row ?? null;
}
