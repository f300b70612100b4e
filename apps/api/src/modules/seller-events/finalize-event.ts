import type { SellerEvent } from '@lotline/contracts';
import type { Database, Executor } from '@lotline/db';
import { eventLots, events } from '@lotline/db/schema';
import { LOT_STATUS } from '@lotline/domain';
import { and, eq, inArray } from 'drizzle-orm';
import { AppError } from '../../lib/errors';
import { requireOwnEvent } from '../sellers/company-access';
import { readSellerEvent } from './event-view';

/**
 * published or view-only → finalized (spec §3), by the seller, once the
 * event's last lot has closed: none is Pending or Active any more (the same
 * rule as the clock's finalizeEvents, which does it by itself after the end).
 */
export async function finalizeEvent(db: Database, userId: string, eventId: string): Promise<SellerEvent> {
  await requireOwnEvent(db, userId, eventId);
  await db.transaction((tx) => finalizeInTransaction(tx, eventId));
  return readSellerEvent(db, eventId);
}

/**
 * The move itself, for the seller's and staff's finalize alike: the event row locked first (so no lot is
 * published into it meanwhile), refused unless published or view-only with no lot Pending or Active. Returns the
 * status it had.
 */
export async function finalizeInTransaction(tx: Executor, eventId: string, hint = ''): Promise<string> {
  const [event] = await tx.select({ status: events.status }).from(events).where(eq(events.id, eventId)).for('update');
  if (!event) throw AppError.notFound('No such event.');
  if (event.status !== 'published' && event.status !== 'view-only') {
    throw new AppError(
      'CONFLICT',
      `The event is ${event.status}: only a published or view-only event can be finalized.`,
    );
  }
  const [open] = await tx
    .select({ number: eventLots.number })
    .from(eventLots)
    .where(and(eq(eventLots.eventId, eventId), inArray(eventLots.status, [LOT_STATUS.Pending, LOT_STATUS.Active])))
    .limit(1);
  if (open) {
    throw new AppError(
      'CONFLICT',
      `Lot ${open.number} has not closed yet: an event is finalized after its last lot closes${hint}.`,
    );
  }
  await tx.update(events).set({ status: 'finalized' }).where(eq(events.id, eventId));
  return event.status;
}
