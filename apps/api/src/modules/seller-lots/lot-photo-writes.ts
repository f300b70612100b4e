import { randomUUID } from 'node:crypto';
import { MAX_LOT_PHOTOS, SELLER_LOT_CODES, type SellerLotPhoto } from '@lotline/contracts';
import type { Database, Executor } from '@lotline/db';
import { eventLots, lotPhotos } from '@lotline/db/schema';
import { and, count, eq, max } from 'drizzle-orm';
import { AppError } from '../../lib/errors';
import { publishLotChanges } from '../live/publish-lot-changes';
import { type EventRow, requireOwnLot } from '../sellers/company-access';
import type { UploadStorage } from '../uploads/storage';
import { noteLotChange } from './lot-change-notices';
import { lotLocks } from './lot-locks';
import { lotPhotosOf } from './lot-view';
import { assertLotComplete, lockEvent, touchLots } from './lot-writes';
import { orderLotRows } from './order-lot-rows';
import { checkPhotoUpload, makeUploadPublic, photoUrlOf, releasePhotoUploads } from './photo-file';

/**
 * The event then the lot, locked (the order every lot write takes): one lot's
 * photo writes take turns (positions, the count). A closed lot keeps its
 * photos (decision 0050): 409 LOT_LOCKED once the event is out of draft and
 * the lot is neither Pending nor Active.
 */
async function lockLot(tx: Executor, eventId: string | null, lotId: string) {
  if (!eventId) throw AppError.notFound('No such lot.');
  const event = await lockEvent(tx, eventId);
  const [lot] = await tx.select().from(eventLots).where(eq(eventLots.id, lotId)).for('update');
  if (!lot) throw AppError.notFound('No such lot.');
  const closed = (await lotLocks(tx, event, lot)).locks.find((l) => l.field === 'lot');
  if (closed) throw new AppError(SELLER_LOT_CODES.locked, closed.reason, { status: 409, field: 'photos' });
  return event;
}

/**
 * One photo write in a transaction holding the event and the lot (`lockLot`).
 * Out of a draft the photos are public: the lot's row records the change
 * (`touchLots`) and it is announced after the commit, as an edit is (the live stream; the lot's
 * followers by mail, decision 0064).
 */
async function photoWrite(
  db: Database,
  eventId: string | null,
  lotId: string,
  write: (tx: Executor, event: EventRow) => Promise<void>,
): Promise<void> {
  const touched = await db.transaction(async (tx) => {
    const event = await lockLot(tx, eventId, lotId);
    await write(tx, event);
    await noteLotChange(tx, event, lotId, ['photos']);
    return event.status === 'draft' ? [] : touchLots(tx, eq(eventLots.id, lotId));
  });
  if (touched.length > 0) await publishLotChanges(db, touched);
}

/** Attaches an uploaded image as the lot's last photo (at most MAX_LOT_PHOTOS: 409 TOO_MANY_PHOTOS). */
export async function attachLotPhoto(
  db: Database,
  storage: UploadStorage,
  userId: string,
  lotId: string,
  uploadId: string,
): Promise<SellerLotPhoto[]> {
  const owned = await requireOwnLot(db, userId, lotId);
  await checkPhotoUpload(storage, userId, uploadId);
  await photoWrite(db, owned.eventId, lotId, async (tx) => {
    const [row] = await tx
      .select({ n: count(), last: max(lotPhotos.position) })
      .from(lotPhotos)
      .where(eq(lotPhotos.lotId, lotId));
    if ((row?.n ?? 0) >= MAX_LOT_PHOTOS) {
      throw new AppError(SELLER_LOT_CODES.tooManyPhotos, `A lot can have at most ${MAX_LOT_PHOTOS} photos.`, {
        status: 409,
      });
    }
    const position = row?.last === null || row?.last === undefined ? 0 : row.last + 1;
    await tx.insert(lotPhotos).values({ id: `lph_${randomUUID()}`, lotId, position, url: photoUrlOf(uploadId) });
    await makeUploadPublic(tx, uploadId, userId);
  });
  return lotPhotosOf(db, lotId);
}

/**
 * Removes one photo of the lot (404 when the lot has no such photo); a
 * published event's lot keeps at least one (409 PUBLISHED_LOT_INCOMPLETE).
 */
export async function removeLotPhoto(db: Database, userId: string, lotId: string, photoId: string) {
  const owned = await requireOwnLot(db, userId, lotId);
  await photoWrite(db, owned.eventId, lotId, async (tx, event) => {
    const removed = await tx
      .delete(lotPhotos)
      .where(and(eq(lotPhotos.id, photoId), eq(lotPhotos.lotId, lotId)))
      .returning({ url: lotPhotos.url });
    if (removed.length === 0) throw AppError.notFound('The lot has no such photo.');
    await assertLotComplete(tx, event, lotId);
    await releasePhotoUploads(
      tx,
      removed.map((p) => p.url),
    );
  });
  return lotPhotosOf(db, lotId);
}

/** Puts the lot's photos in the given order (every photo exactly once; the first is the card photo). */
export async function orderLotPhotos(db: Database, userId: string, lotId: string, photoIds: string[]) {
  const owned = await requireOwnLot(db, userId, lotId);
  await photoWrite(db, owned.eventId, lotId, async (tx) => {
    await orderLotRows(tx, lotPhotos, lotId, photoIds, { field: 'photoIds', what: 'photo of the lot' });
  });
  return lotPhotosOf(db, lotId);
}
