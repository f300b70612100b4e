import type { Database } from '@lotline/db';
import { eventLots } from '@lotline/db/schema';
import { LOT_STATUS } from '@lotline/domain';
import { eq, sql } from 'drizzle-orm';
import { lotPaused, pausedSql } from '../event-pauses/event-paused';
import { changeLotStatus } from '../lots/change-lot-status';
import { CLOCK_NOW, idsOf, runClockStep } from './clock-batches';

/**
 * Ends every Active buy-now item and tender lot whose end has passed (the
 * lifecycle's `end`; a tender then awaits the seller's award), in end order,
 * and records when (`closed_at`). A buy-now listing without an end never ends here, nor a lot of a paused
 * event (decision 0087).
 */
export function endDueListings(db: Database, batchSize?: number): Promise<string[]> {
  return runClockStep(
    db,
    {
      select: (tx, limit) =>
        idsOf(
          tx,
          sql`SELECT id FROM event_lots
              WHERE status = ${LOT_STATUS.Active} AND type IN ('BuyItNowItem', 'TenderLot')
                AND ended_at <= ${CLOCK_NOW} AND NOT ${pausedSql(sql`event_lots.event_id`)}
              ORDER BY ended_at, id LIMIT ${limit} FOR UPDATE SKIP LOCKED`,
        ),
      act: async (tx, id) => {
        // Under the lot's lock, a fresh read: a pause committed after the scan's snapshot still stops the end.
        if (await lotPaused(tx, id)) return false;
        if (!(await changeLotStatus(tx, id, 'end')).changed) return false;
        await tx.update(eventLots).set({ closedAt: sql`clock_timestamp()` }).where(eq(eventLots.id, id));
        return true;
      },
    },
    batchSize,
  );
}
