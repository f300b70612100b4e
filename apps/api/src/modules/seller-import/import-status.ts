import type { IMPORT_STATUSES, ImportStatus } from '@lotline/contracts';
import type { Database, Executor } from '@lotline/db';
import { sellerImportPhotos, sellerImports } from '@lotline/db/schema';
import { count, eq, sql } from 'drizzle-orm';
import { AppError } from '../../lib/errors';
import { requireOwnEvent } from '../sellers/company-access';

export type ImportRow = typeof sellerImports.$inferSelect;

/** One of the user's companies' imports (404 unknown, 403 another company's or a buyer's). */
export async function requireOwnImport(db: Executor, userId: string, importId: string): Promise<ImportRow> {
  const [row] = await db.select().from(sellerImports).where(eq(sellerImports.id, importId));
  if (!row) throw AppError.notFound('No such import.');
  await requireOwnEvent(db, userId, row.eventId);
  return row;
}

/** Where an import stands: its lots, and its photos attached and resized so far. */
export async function importStatusOf(db: Executor, row: ImportRow): Promise<ImportStatus> {
  const [photos] = await db
    .select({
      total: count(),
      ready: sql<number>`count(*) filter (where ${sellerImportPhotos.done} and ${sellerImportPhotos.failure} is null)`,
      failed: sql<number>`count(*) filter (where ${sellerImportPhotos.done} and ${sellerImportPhotos.failure} is not null)`,
    })
    .from(sellerImportPhotos)
    .where(eq(sellerImportPhotos.importId, row.id));
  const previewed = row.status === 'previewed';
  const photosTotal = previewed ? (row.rows as { photos: unknown[] }[]).reduce((n, r) => n + r.photos.length, 0) : 0;
  return {
    importId: row.id,
    eventId: row.eventId,
    status: row.status as (typeof IMPORT_STATUSES)[number],
    lotsToCreate: (row.rows as unknown[]).length,
    lotsCreated: row.lotsCreated,
    photosTotal: previewed ? photosTotal : Number(photos?.total ?? 0),
    photosReady: Number(photos?.ready ?? 0),
    photosFailed: Number(photos?.failed ?? 0),
    expiresAt: row.expiresAt.toISOString(),
  };
}

export async function readImportStatus(db: Database, userId: string, importId: string): Promise<ImportStatus> {
  return importStatusOf(db, await requireOwnImport(db, userId, importId));
}
