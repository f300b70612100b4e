import type { Database } from '@lotline/db';
import { sql } from 'drizzle-orm';
import { startPeriodic } from '../../lib/periodic';

/** How often the API moves the count table's clock (lot_search_counts). */
export const SEARCH_CLOCK_INTERVAL_MS = 60_000;

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
 * Runs advanceSearchClock now and then every interval, one run at a time.
 * Several API processes may run it: the clock row's lock serialises them and
 * a move to an instant already passed does nothing. Returns the stop function.
 */
export function startSearchClock(
  db: Database,
  options: { intervalMs?: number; onError: (err: unknown) => void },
): () => Promise<void> {
  return startPeriodic(() => advanceSearchClock(db), {
    intervalMs: options.intervalMs ?? SEARCH_CLOCK_INTERVAL_MS,
    onError: options.onError,
  });
}
