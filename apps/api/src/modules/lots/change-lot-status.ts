import type { Executor } from '@lotline/db';
import { eventLots } from '@lotline/db/schema';
import { type EventLotStatus, LOT_TRANSITIONS, type LotTransition, transitionBetween } from '@lotline/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { AppError } from '../../lib/errors';

/**
 * The next live-stream id (contract §5: ids only grow). Every write that
 * changes what the live stream shows of a lot (price, bid count, effective
 * end, status) sets `change_seq` to this in the same UPDATE.
 */
export const nextLotChangeSeq = sql<number>`nextval('lot_change_seq')`;

/** A named transition, or an explicit move from the status the caller saw to the one it wants. */
export type LotStatusStep = LotTransition | { from: EventLotStatus; to: EventLotStatus };

export type LotStatusChange =
  | { changed: true; lotId: string; status: EventLotStatus; updatedAt: Date }
  /** The lot was not in a status the step starts from (another writer moved it first, or no such lot). */
  | { changed: false; lotId: string };

/**
 * The one writer of a lot's status (decision 0032): every job and route that
 * moves a lot goes through here. The lifecycle (`LOT_TRANSITIONS`) decides
 * what is allowed; the UPDATE repeats the allowed "from" statuses in its WHERE,
 * so of two concurrent writers from the same status exactly one wins (the
 * other's row no longer matches once the first commits) and nothing is read
 * first. `updated_at` is the database clock's; `change_seq` takes the next
 * live-stream id. Pass a transaction as `db` to
 * write the status together with what goes with it.
 */
export async function changeLotStatus(db: Executor, lotId: string, step: LotStatusStep): Promise<LotStatusChange> {
  const { from, to } = allowedMove(step);
  const rows = await db
    .update(eventLots)
    .set({ status: to, updatedAt: sql`now()`, changeSeq: nextLotChangeSeq })
    .where(and(eq(eventLots.id, lotId), inArray(eventLots.status, from)))
    .returning({ status: eventLots.status, updatedAt: eventLots.updatedAt });
  const row = rows[0];
  return row ? { changed: true, lotId, status: row.status, updatedAt: row.updatedAt } : { changed: false, lotId };
}

/** The statuses the step may start from and where it goes; a move the lifecycle lacks is refused (409). */
function allowedMove(step: LotStatusStep): { from: EventLotStatus[]; to: EventLotStatus } {
  if (typeof step === 'string') {
    const transition = Object.hasOwn(LOT_TRANSITIONS, step) ? LOT_TRANSITIONS[step] : undefined;
    if (!transition) throw new AppError('CONFLICT', `A lot has no transition '${step}'.`);
    return { from: [...transition.from], to: transition.to };
  }
  if (!transitionBetween(step.from, step.to))
    throw new AppError('CONFLICT', `A lot cannot move from ${step.from} to ${step.to}.`);
  return { from: [step.from], to: step.to };
}
