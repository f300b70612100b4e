import type { Executor } from '@lotline/db';
import { depositHolds } from '@lotline/db/schema';
import { HOLD_MOVES, type HoldMove } from '@lotline/domain';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { AppError } from '../../lib/errors';

/**
 * The one writer of deposit holds (`deposit_holds`, issue 25; decision 0037): a hold is inserted "placing"
 * (`insertPlacingHold`: `failed`, no provider id, no message) before the provider is asked, then moves only
 * through the lifecycle's HOLD_MOVES by `changeHold`, whose UPDATE repeats the move's `from`, so of two writers
 * (settlement and a renewal, a capture's claim and the release) exactly one moves it. `recordHoldFacts` keeps
 * what is not a status: the provider's refusal, the expiry of a hold cancelled at the provider. Each in the
 * caller's transaction; the registration's own deposit status is the registration's (`registrations`).
 */

type NewHold = Pick<typeof depositHolds.$inferInsert, 'id' | 'registrationId' | 'provider' | 'amount' | 'currency'>;

/** Step 1 of placing a hold: the row first, unusable by construction until it stands. */
export async function insertPlacingHold(tx: Executor, hold: NewHold, expiresAt: SQL): Promise<void> {
  await tx.insert(depositHolds).values({ ...hold, status: 'failed', expiresAt });
}

/** What a move also records. */
export interface HoldFacts {
  providerHoldId?: string;
  expiresAt?: SQL;
}

/** Moves the hold by `move`; null when it is not in a state the move starts from (another writer came first). */
export async function changeHold(
  tx: Executor,
  holdId: string,
  move: HoldMove,
  facts: HoldFacts = {},
): Promise<{ id: string; providerHoldId: string | null } | null> {
  if (!Object.hasOwn(HOLD_MOVES, move)) throw new AppError('CONFLICT', `A deposit hold has no move '${move}'.`);
  const rule = HOLD_MOVES[move];
  const [row] = await tx
    .update(depositHolds)
    .set({ status: rule.to, ...facts, updatedAt: sql`now()` })
    .where(and(eq(depositHolds.id, holdId), inArray(depositHolds.status, [...rule.from])))
    .returning({ id: depositHolds.id, providerHoldId: depositHolds.providerHoldId });
  return row ?? null;
}

/** A fact of the hold that is not a move: the provider's refusal, or an expiry moved to now once cancelled. */
export async function recordHoldFacts(
  tx: Executor,
  holdId: string,
  facts: { failureMessage?: string; expiresAt?: SQL },
): Promise<void> {
  await tx
    .update(depositHolds)
    .set({ ...facts, updatedAt: sql`now()` })
    .where(eq(depositHolds.id, holdId));
}

/**
 * A first registration the card refused leaves nothing behind (the person may simply try again): its only hold,
 * the one being placed, goes with it. Never a hold that stood: the registration had none.
 */
export async function deleteRefusedFirstHold(tx: Executor, registrationId: string): Promise<void> {
  await tx
    .delete(depositHolds)
    .where(and(eq(depositHolds.registrationId, registrationId), inArray(depositHolds.status, ['failed'])));
}
