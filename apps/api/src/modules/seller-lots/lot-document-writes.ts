import { randomUUID } from 'node:crypto';
import { type AttachDocumentBody, type LotDocument, MAX_LOT_DOCUMENTS, TOO_MANY_DOCUMENTS } from '@lotline/contracts';
import type { Database, Executor } from '@lotline/db';
import { eventLots, lotDocuments } from '@lotline/db/schema';
import { and, count, eq, max } from 'drizzle-orm';
import { AppError } from '../../lib/errors';
import { publishLotChanges } from '../live/publish-lot-changes';
import { lotDocumentsOf } from '../lots/lot-documents';
import { requireOwnLot } from '../sellers/company-access';
import type { UploadStorage } from '../uploads/storage';
import { checkDocumentUpload, keepUpload, releaseDocumentUploads } from './document-file';
import { noteLotChange } from './lot-change-notices';
import { lockEvent, touchLots } from './lot-writes';
import { orderLotRows } from './order-lot-rows';

/**
 * One document write in a transaction holding the event then the lot (the
 * order every lot write takes): one lot's document writes take turns
 * (positions, the count). Documents add information, so they stay editable
 * after publishing and after the lot closes (decision 0056): no lock applies.
 * Out of a draft the lot page shows them: the lot's row records the change
 * (`touchLots`: its sitemap lastmod) and it is announced after the commit (the live stream; the lot's
 * followers by mail, decision 0064).
 */
async function documentWrite<T>(
  db: Database,
  eventId: string | null,
  lotId: string,
  write: (tx: Executor) => Promise<T>,
): Promise<T> {
  if (!eventId) throw AppError.notFound('No such lot.');
  const { result, touched } = await db.transaction(async (tx) => {
    const event = await lockEvent(tx, eventId);
    const [lot] = await tx.select({ id: eventLots.id }).from(eventLots).where(eq(eventLots.id, lotId)).for('update');
    if (!lot) throw AppError.notFound('No such lot.');
    const result = await write(tx);
    await noteLotChange(tx, event, lotId, ['documents']);
    return { result, touched: event.status === 'draft' ? [] : await touchLots(tx, eq(eventLots.id, lotId)) };
  });
  if (touched.length > 0) await publishLotChanges(db, touched);
  return result;
}

/** Attaches an uploaded document as the lot's last (at most MAX_LOT_DOCUMENTS: 409 TOO_MANY_DOCUMENTS). */
export async function attachLotDocument(
  db: Database,
  storage: UploadStorage,
  userId: string,
  lotId: string,
  body: AttachDocumentBody,
): Promise<LotDocument[]> {
  const owned = await requireOwnLot(db, userId, lotId);
  const file = await checkDocumentUpload(db, storage, userId, body.uploadId, body.fileName);
  await documentWrite(db, owned.eventId, lotId, async (tx) => {
    const [row] = await tx
      .select({ n: count(), last: max(lotDocuments.position) })
      .from(lotDocuments)
      .where(eq(lotDocuments.lotId, lotId));
    if ((row?.n ?? 0) >= MAX_LOT_DOCUMENTS) {
      throw new AppError(TOO_MANY_DOCUMENTS, `A lot can have at most ${MAX_LOT_DOCUMENTS} documents.`, {
        status: 409,
      });
    }
    const position = row?.last === null || row?.last === undefined ? 0 : row.last + 1;
    await tx
      .insert(lotDocuments)
      .values({ id: `ldoc_${randomUUID()}`, lotId, position, description: body.description, ...file });
    await keepUpload(tx, body.uploadId);
  });
  return lotDocumentsOf(db, lotId);
}

/** Replaces the description of one of the lot's documents (404 when the lot has no such document). */
export async function describeLotDocument(
  db: Database,
  userId: string,
  lotId: string,
  documentId: string,
  description: string,
): Promise<LotDocument[]> {
  const owned = await requireOwnLot(db, userId, lotId);
  await documentWrite(db, owned.eventId, lotId, async (tx) => {
    const updated = await tx
      .update(lotDocuments)
      .set({ description })
      .where(and(eq(lotDocuments.id, documentId), eq(lotDocuments.lotId, lotId)))
      .returning({ id: lotDocuments.id });
    if (updated.length === 0) throw AppError.notFound('The lot has no such document.');
  });
  return lotDocumentsOf(db, lotId);
}

/** Removes one of the lot's documents; its file is swept unless another document shows it. */
export async function removeLotDocument(db: Database, userId: string, lotId: string, documentId: string) {
  const owned = await requireOwnLot(db, userId, lotId);
  await documentWrite(db, owned.eventId, lotId, async (tx) => {
    const removed = await tx
      .delete(lotDocuments)
      .where(and(eq(lotDocuments.id, documentId), eq(lotDocuments.lotId, lotId)))
      .returning({ url: lotDocuments.url });
    if (removed.length === 0) throw AppError.notFound('The lot has no such document.');
    await releaseDocumentUploads(
      tx,
      removed.map((d) => d.url),
    );
  });
  return lotDocumentsOf(db, lotId);
}

/**
 * Puts the lot's documents in the given order (every document exactly once,
 * else 400 and nothing changes); allowed after publishing, as every document
 * write is. The public lot lists them in this order at once.
 */
export async function orderLotDocuments(
  db: Database,
  userId: string,
  lotId: string,
  documentIds: string[],
): Promise<LotDocument[]> {
  const owned = await requireOwnLot(db, userId, lotId);
  await documentWrite(db, owned.eventId, lotId, async (tx) => {
    await orderLotRows(tx, lotDocuments, lotId, documentIds, { field: 'documentIds', what: 'document of the lot' });
  });
  return lotDocumentsOf(db, lotId);
}
