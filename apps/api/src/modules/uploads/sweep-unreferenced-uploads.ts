import type { Database } from '@lotline/db';
import { uploads } from '@lotline/db/schema';
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { JobRunner } from '../../lib/jobs/job-runner';
import type { UploadStorage } from './storage';

/** How often the sweep runs, in seconds; an unreferenced upload lives between 24 hours and 24 hours plus this. */
export const UPLOAD_SWEEP_EVERY_S = 60 * 60;
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

/** The sweep as a periodic job: at start, then hourly across all API processes (it is idempotent). */
export function registerUploadSweep(
  jobs: JobRunner,
  db: Database,
  storage: UploadStorage,
  log: FastifyBaseLogger,
): void {
  const failureMessage = 'could not delete unreferenced uploads';
  jobs.register(
    'upload-sweep',
    () => sweepUnreferencedUploads(db, storage, { onError: (err, key) => log.error({ err, key }, failureMessage) }),
    // A large backlog of files may take a while to delete: the run must not be expired meanwhile.
    { everySeconds: UPLOAD_SWEEP_EVERY_S, expireInSeconds: 3600, failureMessage },
  );
}
