import { randomUUID } from 'node:crypto';
import { SELLER_IMPORT_CODES, SELLER_LOT_CODES } from '@lotline/contracts';
import type { Database, Transaction } from '@lotline/db';
import { eventLots, lotPhotos, sellerImportPhotos, sellerImports, uploads } from '@lotline/db/schema';
import { staggeredEnd } from '@lotline/domain';
import { and, count, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import { AppError, isAppError } from '../../lib/errors';
import { type IdempotentAnswer, withIdempotency } from '../../lib/http/idempotency';
import { alignLotTimes, assertDraft, lockEvent, newLotColumns, nextSequence } from '../seller-lots/lot-writes';
import { photoUrlOf } from '../seller-lots/photo-file';
import { importStatusOf, requireOwnImport } from './import-status';
import type { StoredRow } from './preview-import';

/** Rows per multi-row INSERT: well under PostgreSQL's 65,535 parameters at ~40 columns a lot. */
const BATCH = 500;

const chunks = <T>(items: T[]) =>
  Array.from({ length: Math.ceil(items.length / BATCH) }, (_, i) => items.slice(i * BATCH, (i + 1) * BATCH));

/**
 * Commits a preview (decision 0051): all or nothing, one transaction creates
 * every lot after the event's existing ones, attaches the ZIP photos in file
 * order and queues the URL photos and the resizing. Only into a draft event
 * (409 EVENT_PUBLISHED otherwise), only a preview without errors (409
 * IMPORT_HAS_ERRORS), within 24 hours (409 IMPORT_EXPIRED). A second commit
 * of a committed import answers its status and changes nothing; one that
 * broke off is `failed`.
 */
export async function commitImport(
  db: Database,
  userId: string,
  importId: string,
  idempotencyKey: string | undefined,
): Promise<IdempotentAnswer> {
  await requireOwnImport(db, userId, importId);
  try {
    return await withIdempotency(
      db,
      { userId, key: idempotencyKey, scope: `POST /marketplace-api/seller/imports/${importId}/commit`, body: {} },
      async (tx) => ({ status: 200, body: { status: 'success', data: await commitIn(tx, importId) } }),
    );
  } catch (err) {
    // Not a refusal: the transaction broke off (e.g. a category or location removed since the
    // preview) and created nothing. The import is `failed`: the seller checks the file again.
    if (!isAppError(err)) {
      await db
        .update(sellerImports)
        .set({ status: 'failed' })
        .where(and(eq(sellerImports.id, importId), eq(sellerImports.status, 'previewed')));
    }
    throw err;
  }
}

async function commitIn(tx: Transaction, importId: string) {
  const [head] = await tx
    .select({ eventId: sellerImports.eventId })
    .from(sellerImports)
    .where(eq(sellerImports.id, importId));
  if (!head) throw AppError.notFound('No such import.');
  // The event first, then the import: the order every lot write locks in.
  const event = await lockEvent(tx, head.eventId);
  const [row] = await tx
    .select({ ...getTableColumns(sellerImports), fresh: sql<boolean>`${sellerImports.expiresAt} > now()` })
    .from(sellerImports)
    .where(eq(sellerImports.id, importId))
    .for('update');
  if (!row) throw AppError.notFound('No such import.');
  if (row.status !== 'previewed') return importStatusOf(tx, row);
  if ((row.errors as unknown[]).length > 0) {
    throw new AppError(SELLER_IMPORT_CODES.hasErrors, 'The file has errors: fix them and check it again.', {
      status: 409,
    });
  }
  if (!row.fresh) throw expired();
  assertDraft(event, 'added by import');
  const rows = row.rows as StoredRow[];
  await assertNumbersFree(tx, event.id, rows);
  const first = await nextSequence(tx, event.id);
  const [existing] = await tx.select({ n: count() }).from(eventLots).where(eq(eventLots.eventId, event.id));
  const ids = rows.map(() => `lot_${randomUUID()}`);
  for (const [c, part] of chunks(rows).entries()) {
    await tx.insert(eventLots).values(
      part.map((r, i) => {
        const k = c * BATCH + i;
        // Its staggered end (BIDDING §5) set now, lot k after every existing one: no per-lot update afterwards.
        const end = new Date(staggeredEnd(event.endAt.getTime(), (existing?.n ?? 0) + k, event.staggerIntervalSeconds));
        return {
          id: ids[k] as string,
          ...newLotColumns(event, first + k),
          endedAt: end,
          scheduledEndAt: end,
          ...r.columns,
        };
      }),
    );
  }
  const photos = rows.flatMap((r, i) => r.photos.map((p, position) => ({ lotId: ids[i] as string, position, ...p })));
  const stored = photos.filter((p): p is (typeof photos)[number] & { key: string } => 'key' in p);
  for (const part of chunks(stored)) {
    await tx
      .insert(lotPhotos)
      .values(
        part.map((p) => ({ id: `lph_${randomUUID()}`, lotId: p.lotId, position: p.position, url: photoUrlOf(p.key) })),
      );
    const kept = await tx
      .update(uploads)
      .set({ referenced: true, visibility: 'public' })
      .where(
        inArray(
          uploads.key,
          part.map((p) => p.key),
        ),
      )
      .returning({ key: uploads.key });
    // In a preview's last seconds the sweep may have removed its unreferenced photos: nothing is created.
    if (kept.length < new Set(part.map((p) => p.key)).size) throw expired();
  }
  for (const part of chunks(photos)) {
    await tx.insert(sellerImportPhotos).values(
      part.map((p) => ({
        importId,
        lotId: p.lotId,
        position: p.position,
        uploadKey: 'key' in p ? p.key : null,
        sourceUrl: 'url' in p ? p.url : null,
      })),
    );
  }
  // Finds nothing to move for the new lots; kept so the event's lots always follow its times.
  await alignLotTimes(tx, event);
  const [done] = await tx
    .update(sellerImports)
    .set({ status: photos.length === 0 ? 'done' : 'importing', lotsCreated: rows.length })
    .where(eq(sellerImports.id, importId))
    .returning();
  return importStatusOf(tx, done ?? row);
}

const expired = () =>
  new AppError(SELLER_IMPORT_CODES.expired, 'This preview is more than 24 hours old: check the file again.', {
    status: 409,
  });

/** A lot added by hand since the preview may have taken a number: 409 LOT_NUMBER_TAKEN naming them. */
async function assertNumbersFree(tx: Transaction, eventId: string, rows: StoredRow[]) {
  const numbers = rows.map((r) => r.columns.number);
  const taken = new Set<string>();
  for (const part of chunks(numbers)) {
    const found = await tx
      .select({ number: eventLots.number })
      .from(eventLots)
      .where(and(eq(eventLots.eventId, eventId), inArray(eventLots.number, part)));
    for (const f of found) taken.add(f.number);
  }
  if (taken.size === 0) return;
  throw new AppError(
    SELLER_LOT_CODES.numberTaken,
    `Lot numbers ${[...taken].slice(0, 10).join(', ')} are already used in this event: check the file again.`,
    { status: 409, field: 'number' },
  );
}
