import type { Database } from '@lotline/db';
import { eventLots, lotDocuments, lotPhotos } from '@lotline/db/schema';
import { eq } from 'drizzle-orm';
import { AppError } from '../../lib/errors';
import { requireOwnLot } from '../sellers/company-access';
import { releaseDocumentUploads } from './document-file';
import { alignLotTimes, assertDraft, lockEvent } from './lot-writes';
import { releasePhotoUploads } from './photo-file';

/** Removes a lot of a draft event (its photos and documents go with it); the lots after it close one stagger earlier. */
export async function deleteLot(db: Database, userId: string, lotId: string): Promise<{ deleted: true }> {
  const owned = await requireOwnLot(db, userId, lotId);
  if (!owned.eventId) throw AppError.notFound('No such lot.');
  const eventId = owned.eventId;
  await db.transaction(async (tx) => {
    const event = await lockEvent(tx, eventId);
    assertDraft(event, 'deleted');
    const photos = await tx.select({ url: lotPhotos.url }).from(lotPhotos).where(eq(lotPhotos.lotId, lotId));
    const documents = await tx
      .select({ url: lotDocuments.url })
      .from(lotDocuments)
      .where(eq(lotDocuments.lotId, lotId));
    await tx.delete(eventLots).where(eq(eventLots.id, lotId));
    await releaseDocumentUploads(
      tx,
      documents.map((d) => d.url),
    );
    await releasePhotoUploads(
      tx,
      photos.map((p) => p.url),
    );
    // A draft is seen by nobody: no live-stream notice.
    await alignLotTimes(tx, event);
  });
  return { deleted: true };
}
