import { randomUUID } from 'node:crypto';
import { IMPORT_COLUMN_NAMES, type ImportError, type ImportPreview, uploadExtension } from '@lotline/contracts';
import type { Database } from '@lotline/db';
import { sellerImports } from '@lotline/db/schema';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { UploadQuota } from '../../config';
import { requireOwnEvent } from '../sellers/company-access';
import type { UploadStorage } from '../uploads/storage';
import { optional } from './import-cells';
import { loadReferences } from './import-references';
import { type ImportedRow, readRow } from './import-row';
import { parseSheet } from './parse-sheet';
import { inZipTurn, readZip } from './read-zip';
import { photoProblem, storePhotos } from './store-photo';

/** A stored row: the lot's columns and its photos as upload keys (ZIP) or URLs (fetched after the commit). */
export type StoredRow = Omit<ImportedRow, 'photos'> & { photos: ({ key: string } | { url: string })[] };

/**
 * Reads and checks a sheet (and the ZIP of its photos) for one of the user's
 * events, and keeps the result as a preview (decision 0051). Nothing is
 * written to lots. Only an error-free preview stores its ZIP photos (as the
 * user's unreferenced uploads: the upload sweep removes them if it is never committed).
 */
export async function previewImport(
  deps: PreviewDeps,
  userId: string,
  eventId: string,
  files: { sheet: Buffer; zip: Buffer | undefined },
): Promise<ImportPreview> {
  // A preview with a ZIP holds its inflated photos until it ends: one such preview at a time.
  if (files.zip) return inZipTurn(() => previewIn(deps, userId, eventId, files));
  return previewIn(deps, userId, eventId, files);
}

type PreviewDeps = { db: Database; storage: UploadStorage; quota: UploadQuota };

async function previewIn(
  deps: PreviewDeps,
  userId: string,
  eventId: string,
  files: { sheet: Buffer; zip: Buffer | undefined },
): Promise<ImportPreview> {
  const { db, storage } = deps;
  const event = await requireOwnEvent(db, userId, eventId);
  // Both read at once, each in a worker thread (decision 0065); a bad sheet is told before a bad ZIP.
  const [sheetRead, zipRead] = await Promise.allSettled([
    parseSheet(files.sheet),
    files.zip ? readZip(files.zip) : undefined,
  ]);
  if (sheetRead.status === 'rejected') throw sheetRead.reason;
  if (zipRead.status === 'rejected') throw zipRead.reason;
  const sheet = sheetRead.value;
  const zip = zipRead.value;
  const errors: ImportError[] = [];
  sheet.header.forEach((name, i) => {
    if (name !== '' && !IMPORT_COLUMN_NAMES.includes(name)) {
      errors.push({
        row: 1,
        column: name,
        message: `Unknown column (cell ${i + 1}): the template names every column.`,
      });
    }
  });
  for (const required of ['number', 'name']) {
    if (!sheet.header.includes(required)) errors.push({ row: 1, column: required, message: 'This column is missing.' });
  }
  const records = sheet.rows.map((cells) => Object.fromEntries(sheet.header.map((name, i) => [name, cells[i] ?? ''])));
  const distinct = (column: string) => [
    ...new Set(records.map((r) => optional(r[column] ?? '')).filter((v): v is string => v !== null)),
  ];
  const refs = await loadReferences(
    db,
    event,
    { brands: distinct('brand'), products: distinct('catalogProductId') },
    zip ? new Set(zip.keys()) : undefined,
  );
  const seen = new Map<string, number>();
  const rows: ImportedRow[] = [];
  records.forEach((record, i) => {
    const row = readRow(record, i + 2, refs, seen, errors);
    if (row) rows.push(row);
  });
  if (sheet.rows.length === 0) errors.push({ row: 2, column: '', message: 'The file has no lots below the header.' });
  // Each ZIP photo once, however many lots use it; a bad one is an error on every row naming it.
  const keys = new Map<string, string>();
  const used = new Map<string, number[]>();
  for (const row of rows)
    for (const p of row.photos) if ('file' in p) used.set(p.file, [...(used.get(p.file) ?? []), row.row]);
  for (const [name, inRows] of used) {
    const problem = photoProblem(name, uploadExtension(name), zip?.get(name) ?? new Uint8Array());
    if (problem) for (const row of inRows) errors.push({ row, column: 'photos', message: problem });
  }
  if (errors.length === 0) {
    const files = [...used.keys()].map((name) => ({
      name,
      extension: uploadExtension(name),
      bytes: zip?.get(name) as Uint8Array,
    }));
    // The company's upload quota holds for imported photos as for any listing upload (413 UPLOAD_QUOTA_EXCEEDED).
    for (const [name, key] of await storePhotos(db, storage, deps.quota, userId, files, event.companyId))
      keys.set(name, key);
  }
  errors.sort((a, b) => a.row - b.row);
  const stored: StoredRow[] = rows.map((r) => ({
    ...r,
    photos: r.photos.map((p) => ('file' in p ? { key: keys.get(p.file) as string } : p)),
  }));
  const importId = `imp_${randomUUID()}`;
  // Housekeeping without a job of its own: the company's previews past their 24 hours go (their photos: the upload sweep).
  await db
    .delete(sellerImports)
    .where(
      and(
        eq(sellerImports.companyId, event.companyId),
        eq(sellerImports.status, 'previewed'),
        lt(sellerImports.expiresAt, sql`now()`),
      ),
    );
  await db.insert(sellerImports).values({
    id: importId,
    companyId: event.companyId,
    eventId,
    userId,
    rows: errors.length === 0 ? stored : [],
    errors,
    rowsCount: sheet.rows.length,
  });
  const photosTotal = stored.reduce((n, r) => n + r.photos.length, 0);
  return { importId, rows: sheet.rows.length, errors, lotsToCreate: rows.length, photosTotal };
}
