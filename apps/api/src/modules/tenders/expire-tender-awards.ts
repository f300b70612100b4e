import { LOT_STATUS } from '@lotline/domain';
import { sql } from 'drizzle-orm';
import type { JobRunner } from '../../lib/jobs/job-runner';
import { idsOf, runClockStep } from '../closing/clock-batches';
import { changeLotStatus } from '../lots/change-lot-status';
import { announceOutcome } from './announce-outcome';
import { DEFAULT_TENDER_AWARD_DAYS, lockTenderLot } from './award-window';
import type { TenderDeps } from './put-tender';

/** How often the sweep looks for award windows that passed. */
export const EXPIRE_TENDER_AWARDS_EVERY_S = 5 * 60;

/**
 * A closed tender lot the seller did not decide within the award window
 * (`events.tender_award_days` after `closed_at`, database clock) is decided as
 * "none": it passes to Unsold and every tenderer is told "not awarded". A step
 * of the clock's kind (locked batches, guarded transition, published after
 * commit), so it is safe to run twice or from two processes.
 */
export function expireTenderAwards(deps: TenderDeps, batchSize?: number): Promise<string[]> {
  return runClockStep(
    deps.db,
    {
      select: (tx, limit) =>
        idsOf(
          tx,
          sql`SELECT l.id FROM event_lots l LEFT JOIN events e ON e.id = l.event_id
              WHERE l.status = ${LOT_STATUS.Ended} AND l.type = 'TenderLot' AND l.closed_at IS NOT NULL
                AND l.closed_at + make_interval(days => coalesce(e.tender_award_days, ${DEFAULT_TENDER_AWARD_DAYS}))
                  <= clock_timestamp()
              ORDER BY l.closed_at, l.id LIMIT ${limit} FOR UPDATE OF l SKIP LOCKED`,
        ),
      act: async (tx, id) => {
        const lot = await lockTenderLot(tx, id);
        if (!lot || !(await changeLotStatus(tx, id, 'pass')).changed) return false;
        await announceOutcome(tx, deps, lot, null);
        return true;
      },
    },
    batchSize,
  );
}

export function registerTenderAwardExpiry(jobs: JobRunner, deps: TenderDeps): void {
  jobs.register('expire-tender-awards', () => expireTenderAwards(deps).then(() => undefined), {
    everySeconds: EXPIRE_TENDER_AWARDS_EVERY_S,
  });
}
