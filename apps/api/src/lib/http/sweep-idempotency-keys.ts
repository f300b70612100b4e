import type { Database } from '@lotline/db';
import { idempotencyKeys } from '@lotline/db/schema';
import { and, isNotNull, sql } from 'drizzle-orm';
import type { JobRunner } from '../jobs/job-runner';

export const IDEMPOTENCY_SWEEP_EVERY_S = 60 * 60;

/**
 * How long an answered Idempotency-Key is kept (decision 0035): a client
 * retries within minutes; a week covers a retry queue that waited out a long
 * outage, and bounds the table.
 */
export const IDEMPOTENCY_RETENTION = "interval '7 days'";

/**
 * Deletes answered keys older than IDEMPOTENCY_RETENTION, by the database
 * clock. An unanswered key belongs to a request still in its transaction and
 * is never touched. Answers how many were deleted.
 */
export async function sweepIdempotencyKeys(db: Database): Promise<number> {
  const deleted = await db
    .delete(idempotencyKeys)
    .where(
      and(
        isNotNull(idempotencyKeys.responseStatus),
        sql`${idempotencyKeys.createdAt} < now() - ${sql.raw(IDEMPOTENCY_RETENTION)}`,
      ),
    )
    .returning({ key: idempotencyKeys.key });
  return deleted.length;
}

/** The sweep as a periodic job: hourly, across all API processes (deleting twice is harmless). */
export function registerIdempotencySweep(jobs: JobRunner, db: Database): void {
  jobs.register('idempotency-sweep', () => sweepIdempotencyKeys(db), {
    everySeconds: IDEMPOTENCY_SWEEP_EVERY_S,
    failureMessage: 'could not delete old idempotency keys',
  });
}
