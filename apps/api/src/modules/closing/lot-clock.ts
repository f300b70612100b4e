import type { Database } from '@lotline/db';
import type { FastifyBaseLogger } from 'fastify';
import type { JobRunner } from '../../lib/jobs/job-runner';
import { sendAuctionSettlements } from '../orders/payment/settle-auction-order';
import { closeDueLots } from './close-due-lots';
import type { ClosingDeps } from './closing-deps';
import { endDueListings } from './end-due-listings';
import { expireReserveNotMet } from './expire-reserve-not-met';
import { finalizeEvents } from './finalize-events';
import { openDueLots } from './open-due-lots';
import { CLOSE_LOTS_JOB, scheduleLotCloses } from './schedule-lot-closes';

/** The sweep's period: the longest a move waits when its precise job is missing (decision 0038). */
export const LOT_CLOCK_EVERY_S = 15;
/** How far ahead the sweep schedules precise close jobs: two periods, so a late sweep never leaves a gap. */
export const CLOSE_HORIZON_S = 2 * LOT_CLOCK_EVERY_S;
/** How often a process looks for a due close job: the precise close's lag is up to this (pg-boss's minimum). */
export const CLOSE_POLL_S = 0.5;

export interface LotClockRun {
  opened: string[];
  closed: string[];
  ended: string[];
  expired: string[];
  finalized: string[];
  scheduled: number;
}

/**
 * One sweep of the lifecycle clock: opens lots whose start passed, closes
 * auction lots past their effective end (in end order), ends buy-now items and
 * tender lots past theirs, passes reserve-not-met lots the seller did not
 * accept in time, finalizes events with nothing left to sell, then schedules
 * the precise close jobs of the lots ending soon. Opening comes first so that
 * a lot whose whole life passed during a downtime still opens and then closes.
 */
export async function runLotClock(db: Database, jobs: JobRunner, deps: ClosingDeps): Promise<LotClockRun> {
  const opened = await openDueLots(db);
  const closed = await closeDueLots(db, deps);
  // The winners' orders (and any a seller's acceptance made) are paid by their settlement job.
  await sendAuctionSettlements(db, jobs);
  const ended = await endDueListings(db);
  const expired = await expireReserveNotMet(db, deps);
  const finalized = await finalizeEvents(db);
  const scheduled = await scheduleLotCloses(db, jobs, CLOSE_HORIZON_S);
  return { opened, closed, ended, expired, finalized, scheduled };
}

/**
 * A precise close: runs at an effective end and closes every lot due by then
 * (all lots ending at that instant at once), finalizes the events this left
 * empty, and schedules the ends now within reach, among them the new end of a
 * lot a soft close extended meanwhile (its instant is a new job id).
 */
export async function runPreciseClose(db: Database, jobs: JobRunner, deps: ClosingDeps): Promise<string[]> {
  const closed = await closeDueLots(db, deps);
  if (closed.length > 0) {
    await sendAuctionSettlements(db, jobs);
    await finalizeEvents(db);
  }
  await scheduleLotCloses(db, jobs, CLOSE_HORIZON_S);
  return closed;
}

/** Registers the sweep (`lot-clock`, periodic) and the precise close (`close-lot`, sent by the sweep). */
export function registerLotClock(
  jobs: JobRunner,
  db: Database,
  deps: ClosingDeps,
  log: FastifyBaseLogger,
  options: { everySeconds?: number } = {},
): void {
  jobs.register(
    'lot-clock',
    async () => {
      const run = await runLotClock(db, jobs, deps);
      const { opened, closed, ended, expired, finalized } = run;
      if (opened.length + closed.length + ended.length + expired.length + finalized.length > 0) {
        log.info(
          {
            opened: opened.length,
            closed: closed.length,
            ended: ended.length,
            expired: expired.length,
            finalized: finalized.length,
          },
          'the lot clock moved lots and events',
        );
      }
    },
    { everySeconds: options.everySeconds ?? LOT_CLOCK_EVERY_S, failureMessage: 'the lot clock sweep failed' },
  );
  jobs.register(
    CLOSE_LOTS_JOB,
    async () => {
      const closed = await runPreciseClose(db, jobs, deps);
      if (closed.length > 0) log.info({ closed: closed.length }, 'lots closed at their end');
    },
    { pollingIntervalSeconds: CLOSE_POLL_S, failureMessage: 'a precise lot close failed' },
  );
}
