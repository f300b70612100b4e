import type { Database } from '@lotline/db';
import { sql } from 'drizzle-orm';
import type { JobRunner } from '../../lib/jobs/job-runner';
import { countCommonTerms } from './counted-terms';

/** How often the API moves the count table's clock (lot_search_counts), in seconds. */
export const SEARCH_CLOCK_EVERY_S = 60;

/**
 * Moves the clock of the search count table to `to` (never back), so that the
 * lots whose end or start passed a window edge since the last move are
 * reclassified. Searches stay exact whatever the clock says; a clock that lags
 * only makes them correct more lots by hand (search/lot-counts.ts).
 */
export async function advanceSearchClock(db: Database, to: Date = new Date()): Promise<Date> {
  const result = (await db.execute(sql`select lot_search_clock_advance(${to}) as at`)) as unknown as {
    rows: { at: Date | string }[];
  };
  return new Date(result.rows[0]?.at ?? to);
}

/**
 * Moves the clock at start and then once a minute, as a periodic job (one run
 * per minute across all API processes). A move to an instant already passed
 * does nothing, so a repeated run is harmless.
 */
export function registerSearchClock(jobs: JobRunner, db: Database, options: { everySeconds?: number } = {}): void {
  // The same run starts counting the terms that became common (decision 0104), a few at a time.
  const run = async () => {
    await advanceSearchClock(db);
    await countCommonTerms(db);
  };
  jobs.register('search-clock', run, {
    everySeconds: options.everySeconds ?? SEARCH_CLOCK_EVERY_S,
    failureMessage: 'could not advance the search count clock',
  });
}
