import type { Database } from '@lotline/db';
import { eventLots, events } from '@lotline/db/schema';
import { LOT_STATUS } from '@lotline/domain';
import { and, eq, inArray } from 'drizzle-orm';
import { AppError } from '../../lib/errors';
import { recordAudit } from '../audit/record-audit';

/**
 * Staff finalize any company's event (decision 0081) by the seller console's rule (seller-events'
 * `finalizeEvent`, and the closing clock's `finalizeEvents` after the end): published or view-only → finalized,
 * once none of its lots is Pending or Active. The event row is locked first, so a lot cannot be published into it
 * meanwhile; audited `event.finalize`. The deposits' settlement job reacts to `finalized`.
 */
export async function staffFinalizeEvent(db: Database, actorId: string, eventId: string): Promise<void> {
  await db.transaction(async (tx) => {
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
        `Lot ${open.number} has not closed yet: an event is finalized after its last lot closes (withdraw it first).`,
      );
    }
    await tx.update(events).set({ status: 'finalized' }).where(eq(events.id, eventId));
    await recordAudit(tx, {
      actorId,
      action: 'event.finalize',
      targetType: 'event',
      targetId: eventId,
      before: { status: event.status },
      after: { status: 'finalized' },
    });
  });
}
