import type { SellerEvent, UpdateEventBody } from '@lotline/contracts';
import type { Database } from '@lotline/db';
import { events } from '@lotline/db/schema';
import { eq } from 'drizzle-orm';
import { dbNow } from '../../lib/db-now';
import { publishLotChanges } from '../live/publish-lot-changes';
import { alignLotTimes } from '../seller-lots/lot-writes';
import { requireOwnEvent } from '../sellers/company-access';
import type { UploadStorage } from '../uploads/storage';
import { resolveAttachments } from './event-attachments';
import { eventColumns, replaceTermsAndAttachments } from './event-fields';
import { assertEditable } from './event-locks';
import { readSellerEvent } from './event-view';

/**
 * PUT: replaces the editable fields of one of the user's events. A draft takes
 * anything valid; a published one refuses what bidders rely on (event-locks.ts).
 * A published event's lots follow a new end or stagger at once (BIDDING §5).
 */
export async function updateEvent(
  db: Database,
  userId: string,
  eventId: string,
  body: UpdateEventBody,
  storage?: UploadStorage,
): Promise<SellerEvent> {
  const own = await requireOwnEvent(db, userId, eventId);
  const attachments = await resolveAttachments(db, storage, userId, own, body.attachments);
  const moved = await db.transaction(async (tx) => {
    const [event] = await tx.select().from(events).where(eq(events.id, eventId)).for('update');
    if (!event) return [];
    await assertEditable(tx, event, body, await dbNow(tx));
    await tx.update(events).set(eventColumns(body, event)).where(eq(events.id, eventId));
    await replaceTermsAndAttachments(tx, eventId, body, attachments);
    // The lots start with the event and end at its end + k × stagger; a draft's lots are seen by nobody.
    const moved = await alignLotTimes(tx, { id: eventId, startAt: new Date(body.startAt) });
    return event.status === 'draft' ? [] : moved;
  });
  if (moved.length > 0) await publishLotChanges(db, moved);
  return readSellerEvent(db, eventId);
}
