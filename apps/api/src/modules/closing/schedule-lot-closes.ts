import { type Database, queryRows } from '@lotline/db';
import { LOT_STATUS } from '@lotline/domain';
import { sql } from 'drizzle-orm';
import { uuidFrom } from '../../lib/jobs/job-id';
import type { JobRunner } from '../../lib/jobs/job-runner';
import { pausedSql } from '../event-pauses/event-paused';
import { CLOCK_NOW } from './clock-batches';

export const CLOSE_LOTS_JOB = 'close-lot';

/** At most this many distinct end instants are scheduled per call (the rest come with the next sweep). */
const MAX_INSTANTS = 1000;

/**
 * Sends one delayed `close-lot` job per distinct effective end of the Active
 * auction lots ending within `horizonSeconds` (database clock), to start at
 * that end. The id derives from the instant, so a repeated send (every sweep,
 * every process) is ignored, and one job serves every lot ending at the same
 * moment (a close without stagger). The start is the end rounded up to the
 * millisecond, never before it. Call it outside any transaction (PGlite).
 */
export async function scheduleLotCloses(db: Database, jobs: JobRunner, horizonSeconds: number): Promise<number> {
  const rows = await queryRows<{ at: string }>(
    db,
    sql`SELECT d.ms::text AS at FROM (
          SELECT DISTINCT ceil(extract(epoch FROM ended_at) * 1000)::bigint AS ms FROM event_lots
          WHERE status = ${LOT_STATUS.Active} AND type = 'AuctionLot' AND ended_at > ${CLOCK_NOW}
            AND ended_at <= ${CLOCK_NOW} + make_interval(secs => ${horizonSeconds})
            AND NOT ${pausedSql(sql`event_lots.event_id`)}
        ) d ORDER BY d.ms LIMIT ${MAX_INSTANTS}`,
  );
  let sent = 0;
  for (const { at } of rows) {
    const startAfter = new Date(Number(at));
    const id = await jobs.send(
      CLOSE_LOTS_JOB,
      { at: startAfter.toISOString() },
      { startAfter, id: uuidFrom(`close-lot:${at}`) },
    );
    if (id) sent++;
  }
  return sent;
}
