import type { Database, Transaction } from '@lotline/db';
import { sql } from 'drizzle-orm';
import { publishLotChanges } from '../live/publish-lot-changes';

/**
 * Lots one clock transaction handles at most, so a sweep after a long downtime
 * never holds one huge transaction: a close with bids costs about 12-17 ms
 * (measured, decision 0038), so a batch holds PGlite's one connection for
 * about a second at worst, and the first lots of a burst reach the live stream early.
 */
export const CLOCK_BATCH_SIZE = 100;

/**
 * The closing clock's transaction-level advisory lock: its writers (the sweep
 * and the delayed close jobs, in every API process) take turns, so lots close
 * in end order across processes, and two closers never hold each other's
 * search-count rows (the projection's triggers) in opposite orders.
 */
const CLOCK_LOCK = sql`pg_advisory_xact_lock(hashtext('lotline:lot-clock'))`;

/**
 * The database clock read once per statement (an init plan), for the sweeps' "due by now" conditions.
 * `clock_timestamp()` itself is volatile, evaluated row by row, so no index range can take it: at 1,000,000
 * lots each sweep read every open lot (about 430 ms, every second the clock runs). A lot that falls due while
 * the statement runs is the next sweep's.
 */
export const CLOCK_NOW = sql`(select clock_timestamp())`;

export interface ClockStep {
  /** Locks and returns the next ids to act on (FOR UPDATE SKIP LOCKED, in due order), at most `limit`. */
  select(tx: Transaction, limit: number): Promise<string[]>;
  /** Acts on one id under the lock; true when it changed something. */
  act(tx: Transaction, id: string): Promise<boolean>;
  /** The changed ids are lots whose live state changed (the default): publish them after each commit. */
  publish?: boolean;
}

/**
 * Runs a clock step in batches, each one transaction under the clock lock,
 * until a batch comes back short. After each commit the changed lots are
 * published to the live stream. Returns every id changed.
 */
export async function runClockStep(db: Database, step: ClockStep, batchSize = CLOCK_BATCH_SIZE): Promise<string[]> {
  const changedAll: string[] = [];
  for (;;) {
    const { selected, changed } = await db.transaction(async (tx) => {
      await tx.execute(sql`SELECT ${CLOCK_LOCK}`);
      const ids = await step.select(tx, batchSize);
      const done: string[] = [];
      for (const id of ids) if (await step.act(tx, id)) done.push(id);
      return { selected: ids.length, changed: done };
    });
    if (changed.length > 0 && step.publish !== false) await publishLotChanges(db, changed);
    changedAll.push(...changed);
    // A batch where nothing could be done would come back the same: stop rather than spin.
    if (selected < batchSize || changed.length === 0) return changedAll;
  }
}

/** The ids of a `SELECT id …` (drizzle's execute answers rows on both drivers). */
export async function idsOf(tx: Transaction, query: ReturnType<typeof sql>): Promise<string[]> {
  const result = (await tx.execute(query)) as unknown as { rows: { id: string }[] };
  return result.rows.map((r) => r.id);
}
