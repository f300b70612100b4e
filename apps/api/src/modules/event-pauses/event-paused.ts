import { EVENT_PAUSED, type EventPause } from '@lotline/contracts';
import type { Executor } from '@lotline/db';
import { eventPauses } from '@lotline/db/schema';
import { and, eq, isNull, type SQLWrapper, sql } from 'drizzle-orm';
import { AppError } from '../../lib/errors';

/**
 * Whether an event is paused by staff (decision 0087), for every module that acts on its lots: the buyer
 * actions (through `sellers/own-lot.ts`), the closing clock and the pages. It imports no other module, so
 * any may ask it.
 */

export type PausedAction = 'register' | 'bid' | 'tender' | 'offer' | 'buy';

const MESSAGES: Record<PausedAction, string> = {
  register: 'The marketplace has paused this event: registration is closed until it resumes.',
  bid: 'The marketplace has paused bidding on this event. Its lots close later by the time it stays paused.',
  tender: 'The marketplace has paused this event: tenders are not taken until it resumes.',
  offer: 'The marketplace has paused this event: offers are not taken until it resumes.',
  buy: 'The marketplace has paused this event: nothing can be bought until it resumes.',
};

export const eventPausedError = (action: PausedAction) => new AppError(EVENT_PAUSED, MESSAGES[action], { status: 409 });

/** SQL true while `eventId` (a column or value; null for a lot without an event: never paused) has an open pause. */
export const pausedSql = (eventId: SQLWrapper | string | null) =>
  sql`exists (select 1 from event_pauses p where p.event_id = ${eventId} and p.resumed_at is null)`;

/**
 * The event's open pause, or null. Under a lock (the lot's, or the event's row), as its own statement: its
 * snapshot is taken after the lock was granted, so a pause committed while the caller waited is seen.
 */
export async function openPause(db: Executor, eventId: string | null): Promise<EventPause | null> {
  if (eventId === null) return null;
  const [row] = await db
    .select({ reason: eventPauses.reason, pausedAt: eventPauses.pausedAt })
    .from(eventPauses)
    .where(and(eq(eventPauses.eventId, eventId), isNull(eventPauses.resumedAt)));
  return row ? { reason: row.reason, pausedAt: row.pausedAt.toISOString() } : null;
}

/** Whether the lot's event is paused now, read as its own statement (the caller holds the lot's lock). */
export async function lotPaused(db: Executor, lotId: string): Promise<boolean> {
  const result = await db.execute(
    sql`select ${pausedSql(sql`l.event_id`)} as paused from event_lots l where l.id = ${lotId}`,
  );
  return (result as unknown as { rows: { paused: boolean }[] }).rows[0]?.paused === true;
}
