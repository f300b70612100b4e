import { randomUUID } from 'node:crypto';
import { MAX_LOT_NUMBER_LENGTH, type SellerLot } from '@lotline/contracts';
import type { Database, Executor } from '@lotline/db';
import { eventLots, lotDocuments, lotPhotos } from '@lotline/db/schema';
import { asc, eq } from 'drizzle-orm';
import { AppError } from '../../lib/errors';
import { publishLotChanges } from '../live/publish-lot-changes';
import { requireOwnLot } from '../sellers/company-access';
import { readSellerLot } from './lot-view';
import {
  alignLotTimes,
  assertLotComplete,
  assertMayAddLot,
  lockEvent,
  newLotColumns,
  nextSequence,
  numberTaken,
} from './lot-writes';

/**
 * The first free "<number>-<n>" (n from 2) of the event: "12" → "12-2", then
 * "12-3"; a long number is cut so the copy's stays within the limit.
 */
async function freeNumber(tx: Executor, eventId: string, number: string): Promise<string> {
  for (let n = 2; ; n++) {
    const suffix = `-${n}`;
    const candidate = `${number.slice(0, MAX_LOT_NUMBER_LENGTH - suffix.length)}${suffix}`;
    if (!(await numberTaken(tx, eventId, candidate))) return candidate;
  }
}

/**
 * A copy of one of the user's lots, last in the same event: every field, the
 * photos and the documents (rows pointing at the same files: cheap, decisions
 * 0050 and 0056), under the next free number; none of its bids, offers,
 * tenders or state. A file shared so is released only when its last row goes
 * (`releaseLotFileUploads`).
 */
export async function copyLot(db: Database, userId: string, lotId: string): Promise<SellerLot> {
  const owned = await requireOwnLot(db, userId, lotId);
  if (!owned.eventId) throw AppError.notFound('No such lot.');
  const eventId = owned.eventId;
  const id = `lot_${randomUUID()}`;
  const { moved, draft } = await db.transaction(async (tx) => {
    const event = await lockEvent(tx, eventId);
    await assertMayAddLot(tx, event);
    const [source] = await tx.select().from(eventLots).where(eq(eventLots.id, lotId));
    if (!source) throw AppError.notFound('No such lot.');
    const {
      id: _id,
      ordinal: _ordinal,
      mp2Id: _mp2Id,
      createdAt: _createdAt,
      updatedAt: _updatedAt,
      closedAt: _closedAt,
      currentBidAmount: _price,
      bidsCount: _bids,
      leaderUserId: _leader,
      reserveMet: _reserveMet,
      ...fields
    } = source;
    await tx.insert(eventLots).values({
      ...fields,
      ...newLotColumns(event, await nextSequence(tx, eventId)),
      id,
      number: await freeNumber(tx, eventId, source.number),
    });
    const photos = await tx.select().from(lotPhotos).where(eq(lotPhotos.lotId, lotId)).orderBy(asc(lotPhotos.position));
    if (photos.length > 0) {
      await tx
        .insert(lotPhotos)
        .values(photos.map((p) => ({ id: `lph_${randomUUID()}`, lotId: id, position: p.position, url: p.url })));
    }
    // Every column but the id and the lot: same file, position, name, description, type and size.
    const documents = await tx.select().from(lotDocuments).where(eq(lotDocuments.lotId, lotId));
    if (documents.length > 0) {
      await tx
        .insert(lotDocuments)
        .values(documents.map(({ id: _id, ...d }) => ({ ...d, id: `ldoc_${randomUUID()}`, lotId: id })));
    }
    await assertLotComplete(tx, event, id);
    return { moved: await alignLotTimes(tx, event), draft: event.status === 'draft' };
  });
  if (!draft) await publishLotChanges(db, [id, ...moved]);
  return readSellerLot(db, id);
}
