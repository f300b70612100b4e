import type { Database } from '@lotline/db';
import { LOT_STATUS } from '@lotline/domain';
import { sql } from 'drizzle-orm';
import { changeLotStatus } from '../lots/change-lot-status';
import { CLOCK_NOW, idsOf, runClockStep } from './clock-batches';

/**
 * Opens every Pending lot whose start has passed (the lifecycle's `open`), in
 * start order. Lots of a draft event stay Pending: the seller has not
 * published the sale, and opening them would put them on sale unseen.
 */
export function openDueLots(db: Database, batchSize?: number): Promise<string[]> {
  return runClockStep(
    db,
    {
      select: (tx, limit) =>
        idsOf(
          tx,
          sql`SELECT l.id FROM event_lots l
              WHERE l.status = ${LOT_STATUS.Pending} AND l.start_at <= ${CLOCK_NOW}
                AND NOT EXISTS (SELECT 1 FROM events e WHERE e.id = l.event_id AND e.status = 'draft')
              ORDER BY l.start_at, l.id LIMIT ${limit} FOR UPDATE OF l SKIP LOCKED`,
        ),
      act: async (tx, id) => (await changeLotStatus(tx, id, 'open')).changed,
    },
    batchSize,
  );
}
