import type { Database } from '@lotline/db';
import { eventLots } from '@lotline/db/schema';
import { LOT_STATUS } from '@lotline/domain';
import { eq, sql } from 'drizzle-orm';
import { changeLotStatus } from '../lots/change-lot-status';
import { idsOf, runClockStep } from './clock-batches';

/**
 * Ends every Active buy-now item and tender lot whose end has passed (the
 * lifecycle's `end`; a tender then awaits the seller's award), in end order,
 * and records when (`closed_at`). A buy-now listing without an end never ends here.
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
                AND ended_at <= clock_timestamp()
              ORDER BY ended_at, id LIMIT ${limit} FOR UPDATE SKIP LOCKED`,
        ),
      act: async (tx, id) => {
        if (!(await changeLotStatus(tx, id, 'end')).changed) return false;
        await tx.update(eventLots).set({ closedAt: sql`clock_timestamp()` }).where(eq(eventLots.id, id));
        return true;
      },
    },
    batchSize,
  );
}
