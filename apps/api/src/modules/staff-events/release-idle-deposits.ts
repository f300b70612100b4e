import { eventPagePath } from '@lotline/contracts/page-paths';
import type { Database } from '@lotline/db';
import { LOT_STATUS, ORDER_STATUS, SOLD_STATUSES } from '@lotline/domain';
import { sql } from 'drizzle-orm';
import type { JobRunner } from '../../lib/jobs/job-runner';
import { awaitsTenderAwardSql } from '../bidding/sealed-tenders';
import { cancelAtProvider } from '../registrations/cancel-at-provider';
import { recipient } from '../registrations/decide-registration';
import { settleHold } from '../registrations/hold-attempt';
import type { RenewDeps } from '../registrations/renew-deposits';
import { depositFreedMail } from './mails';

export const RELEASE_IDLE_EVERY_S = 30;

const list = (items: readonly string[]) =>
  sql.join(
    items.map((s) => sql`${s}`),
    sql`, `,
  );

interface IdleHold {
  registrationId: string;
  holdId: string;
  providerHoldId: string | null;
  userId: string;
  amount: number;
  currency: string;
  eventId: string;
  eventName: string;
}

/**
 * A standing deposit hold (decision 0037) that nothing needs any more before its event closes (decisions 0081,
 * 0082): its event is not finalized, and either none of its lots is open or upcoming (staff withdrew the last
 * of them) or the bidder's account is disabled (their standing bids were withdrawn with it). A bidder who leads
 * a lot that sold, has a live order of the event counting the deposit, leads a reserve-not-met lot or awaits a
 * tender award keeps the hold for the event's settlement, exactly as settlement would keep or apply it.
 */
function idleHolds(db: Database, limit: number, eventId?: string): Promise<IdleHold[]> {
  const open = list([LOT_STATUS.Pending, LOT_STATUS.Active]);
  const leads = (statuses: readonly string[]) => sql`exists (select 1 from event_lots l where l.event_id = r.event_id
      and l.leader_user_id = r.user_id and l.status in (${list(statuses)}))`;
  return db
    .execute(sql`
      select r.id as "registrationId", h.id as "holdId", h.provider_hold_id as "providerHoldId", r.user_id as "userId",
        h.amount::float8 as amount, h.currency, e.id as "eventId", e.name as "eventName"
      from registrations r
        join deposit_holds h on h.id = r.current_hold_id
        join events e on e.id = r.event_id
        join users u on u.id = r.user_id
      where h.status = 'held' and e.status in ('published', 'view-only')
        ${eventId === undefined ? sql`` : sql`and e.id = ${eventId}`}
        and (u.disabled or not exists (select 1 from event_lots l where l.event_id = e.id and l.status in (${open})))
        and not ${leads([...SOLD_STATUSES, LOT_STATUS.Ended])}
        and not exists (select 1 from orders o where o.event_id = e.id and o.buyer_user_id = r.user_id
          and o.status <> ${ORDER_STATUS.cancelled} and o.deposit_applied > 0)
        and not ${awaitsTenderAwardSql(sql`r.user_id`, sql`e.id`)}
      order by h.id limit ${limit}`)
    .then((result) => (result as unknown as { rows: IdleHold[] }).rows);
}

/**
 * Releases the idle holds (at most `limit`; of one event when given): each is cancelled at the provider first
 * (idempotent), then moved `released` through the one writer of holds (`changeHold`, by `settleHold`) with the
 * registration's deposit status, and the bidder told, in one transaction. A hold another process released
 * first is skipped (the guarded move finds it released), so a bidder is told once. Returns the holds released.
 */
export async function releaseIdleDeposits(deps: RenewDeps, options: { eventId?: string; limit?: number } = {}) {
  let released = 0;
  for (const hold of await idleHolds(deps.db, options.limit ?? 50, options.eventId)) {
    if (hold.providerHoldId) await cancelAtProvider(deps.provider, hold.providerHoldId);
    const moved = await deps.db.transaction(async (tx) => {
      if (!(await settleHold(tx, hold, 'released'))) return false;
      const url = `${deps.publicOrigin}${eventPagePath(hold.eventId)}`;
      const deposit = { amount: Number(hold.amount), currency: hold.currency };
      await deps.mailer.send(
        depositFreedMail(await recipient(tx, hold.userId), { eventName: hold.eventName, deposit, url }),
        { tx },
      );
      return true;
    });
    if (moved) released += 1;
  }
  return released;
}

/** The sweep as a periodic job: a withdrawal's route releases at once, the sweep catches what it could not. */
export function registerIdleDepositRelease(jobs: JobRunner, deps: RenewDeps): void {
  jobs.register('release-idle-deposits', () => releaseIdleDeposits(deps).then(() => undefined), {
    everySeconds: RELEASE_IDLE_EVERY_S,
    failureMessage: 'could not release idle deposit holds',
  });
}
