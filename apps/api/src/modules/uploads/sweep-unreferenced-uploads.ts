import type { Database } from '@lotline/db';
import { uploads } from '@lotline/db/schema';
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import { startPeriodic } from '../../lib/periodic';
import type { UploadStorage } from './storage';

/** How often the sweep runs; an unreferenced upload lives between 24 hours and 24 hours plus this. */
export const UPLOAD_SWEEP_INTERVAL_MS = 60 * 60_000;
/** At most this many uploads per statement, so one run never holds a long lock. */
const BATCH = 200;

/**
 * Deletes uploads that nothing refers to and that are older than 24 hours by
 * the database's clock (decision 0027): the row first (so a reference taken
 * meanwhile keeps the row and its file), then the stored file. Returns how
 * many were deleted.
 */
export async function sweepUnreferencedUploads(
  db: Database,
  storage: UploadStorage,
  options: { onError?: (err: unknown, key: string) => void } = {},
): Promise<number> {
  let deleted = 0;
  for (;;) {
    const due = db
      .select({ key: uploads.key })
      .from(uploads)
      .where(and(eq(uploads.referenced, false), lt(uploads.createdAt, sql`now() - interval '24 hours'`)))
      .limit(BATCH);
    const rows = await db
      .delete(uploads)
      // Repeated in the delete: a reference may have been taken since the select.
      .where(and(inArray(uploads.key, due), eq(uploads.referenced, false)))
      .returning({ key: uploads.key });
    for (const { key } of rows) {
      try {
        await storage.delete(key);
      } catch (err) {
        options.onError?.(err, key);
      }
    }
    deleted += rows.length;
    if (rows.length < BATCH) return deleted;
  }
}

/** Runs the sweep now and then every `intervalMs`; the returned function stops it and waits for a run in flight. */
export function startUploadSweep(
  db: Database,
  storage: UploadStorage,
  options: { intervalMs?: number; onError: (err: unknown) => void },
): () => Promise<void> {
  return startPeriodic(() => sweepUnreferencedUploads(db, storage, { onError: options.onError }), {
    intervalMs: options.intervalMs ?? UPLOAD_SWEEP_INTERVAL_MS,
    onError: options.onError,
  });
}
