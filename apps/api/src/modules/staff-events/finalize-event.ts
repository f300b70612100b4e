import type { Database } from '@lotline/db';
import { recordAudit } from '../audit/record-audit';
import { finalizeInTransaction } from '../seller-events/finalize-event';

/**
 * Staff finalize any company's event (decision 0081) by the seller console's rule (seller-events'
 * `finalizeInTransaction`, as the closing clock's `finalizeEvents` after the end): published or view-only →
 * finalized, once none of its lots is Pending or Active; audited `event.finalize`. The deposits' settlement job
 * reacts to `finalized`.
 */
export async function staffFinalizeEvent(db: Database, actorId: string, eventId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await finalizeInTransaction(tx, eventId, ' (withdraw it first)');
    await recordAudit(tx, {
      actorId,
      action: 'event.finalize',
      targetType: 'event',
      targetId: eventId,
      before: { status: before },
      after: { status: 'finalized' },
    });
  });
}
