import type { Database } from '@lotline/db';
import { LOT_STATUS } from '@lotline/domain';
import { sql } from 'drizzle-orm';
import { pausedSql } from '../event-pauses/event-paused';
import { CLOCK_NOW, idsOf, runClockStep } from './clock-batches';
import { closeLot } from './close-lot';
import type { ClosingDeps } from './closing-deps';

/**
 * Closes every Active auction lot whose effective end has passed, in end order
 * (BIDDING §7: also those that came due while no process ran). A lot whose row
 * a bid holds at that moment is skipped, not waited for: the bid either is
 * refused (at or after the end) or extends the lot, and the next run sees which. A paused event's lots wait
 * for its resume, which moves their ends (decision 0087).
 */
export function closeDueLots(db: Database, deps: ClosingDeps, batchSize?: number): Promise<string[]> {
  return runClockStep(
    db,
    {
      select: (tx, limit) =>
        idsOf(
          tx,
          sql`SELECT id FROM event_lots
              WHERE status = ${LOT_STATUS.Active} AND type = 'AuctionLot' AND ended_at <= ${CLOCK_NOW}
                AND NOT ${pausedSql(sql`event_lots.event_id`)}
              ORDER BY ended_at, id LIMIT ${limit} FOR UPDATE SKIP LOCKED`,
        ),
      act: async (tx, id) => (await closeLot(tx, id, deps)) !== null,
    },
    batchSize,
  );
}
