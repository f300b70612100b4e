import type { Database } from '@lotline/db';
import { LOT_STATUS } from '@lotline/domain';
import { sql } from 'drizzle-orm';
import { CLOCK_NOW, idsOf, runClockStep } from './clock-batches';

/** Events finalized per transaction: each one rewrites its lots' search rows (the projection's trigger). */
const EVENTS_PER_BATCH = 20;

/**
 * An event is finalized once its end has passed and none of its lots is
 * Pending or Active any more (issue 14). Guarded by the status it moves from,
 * so a repeated run finds nothing. The search projection copies the event's
 * status onto its lots' rows in the same transaction (0003's event trigger),
 * and the deposits' settlement job reacts to `finalized`.
 */
export function finalizeEvents(db: Database): Promise<string[]> {
  return runClockStep(
    db,
    {
      select: (tx, limit) =>
        idsOf(
          tx,
          sql`SELECT e.id FROM events e
              WHERE e.status IN ('published', 'view-only') AND e.end_at <= ${CLOCK_NOW}
                AND NOT EXISTS (SELECT 1 FROM event_lots l WHERE l.event_id = e.id
                                AND l.status IN (${LOT_STATUS.Pending}, ${LOT_STATUS.Active}))
              ORDER BY e.end_at, e.id LIMIT ${limit} FOR UPDATE SKIP LOCKED`,
        ),
      act: async (tx, id) => {
        const result = (await tx.execute(
          sql`UPDATE events SET status = 'finalized' WHERE id = ${id} AND status IN ('published', 'view-only') RETURNING id`,
        )) as unknown as { rows: unknown[] };
        return result.rows.length > 0;
      },
      publish: false,
    },
    EVENTS_PER_BATCH,
  );
}
