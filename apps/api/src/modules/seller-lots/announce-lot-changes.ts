import { lotPagePath } from '@lotline/contracts';
import type { Database, Executor } from '@lotline/db';
import { LOT_STATUS, ORDER_STATUS } from '@lotline/domain';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { JobRunner } from '../../lib/jobs/job-runner';
import { settingOn } from '../account/notification-settings';
import { tenderersSql } from '../bidding/sealed-tenders';
import type { Mailer } from '../mail/mailer';
import { FOLLOW_REASONS, type FollowReason, lotChangedMail } from '../mail/templates/lot-changes';

/**
 * Announcing a published lot's changes (issue 25, decision 0064). The seller's edit records what changed in
 * `lot_change_notices` (lot-change-notices.ts); this job mails the lot's followers: its bidders, offerers,
 * tenderers (who, through the sealed view, never how much), buyers of an order not cancelled, and watchers
 * (these only while their "lot changes" preference is on), never a member of the selling company. A lot waits
 * `QUIET` after its first pending change, so a round of edits is one mail, and is announced at most once per
 * `SPACING` (so one mail per lot and person per hour), or per `CLOSING_SPACING` while it closes within the hour:
 * a change must reach bidders before they decide. One lot per transaction, taken `FOR UPDATE SKIP LOCKED`;
 * the mails are stored in that transaction, so two processes never announce one change twice.
 */
export const ANNOUNCE_EVERY_S = 60;
const QUIET = sql`interval '2 minutes'`;
const SPACING = sql`interval '1 hour'`;
const CLOSING_SPACING = sql`interval '10 minutes'`;
const OPEN = [LOT_STATUS.Pending, LOT_STATUS.Active];

export interface AnnounceDeps {
  db: Database;
  mailer: Mailer;
  publicOrigin: string;
}

interface DueLot {
  id: string;
  number: string;
  name: string;
  status: string;
  company_id: string;
  event_name: string;
  changes: string[];
}

interface Follower {
  email: string;
  name: string;
  settings: unknown;
  reasons: FollowReason[];
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** The next lot whose changes are due, locked; null when none is. */
async function takeDueLot(tx: Executor): Promise<DueLot | null> {
  const open = sql.join(
    OPEN.map((s) => sql`${s}`),
    sql`, `,
  );
  const [due] = rowsOf<DueLot>(
    await tx.execute(sql`
      select l.id, l.number, l.name, l.status, l.company_id, e.name as event_name, n.changes
      from lot_change_notices n join event_lots l on l.id = n.lot_id join events e on e.id = l.event_id
      where n.pending_since is not null and n.pending_since <= now() - ${QUIET}
        and (n.announced_at is null or n.announced_at <= now() - case
          when l.status in (${open}) and l.ended_at <= now() + ${SPACING} then ${CLOSING_SPACING} else ${SPACING} end)
      order by n.pending_since limit 1
      for update of n skip locked`),
  );
  return due ?? null;
}

/** The lot's followers outside the selling company, each with every tie they have to it. */
async function followersOf(tx: Executor, lot: DueLot): Promise<Follower[]> {
  const result = await tx.execute(sql`
    with ties(user_id, reason) as (
      select o.buyer_user_id, 'bought' from order_lines ol join orders o on o.id = ol.order_id
        where ol.event_lot_id = ${lot.id} and o.status <> ${ORDER_STATUS.cancelled}
      union all select user_id, 'tendered' from (${tenderersSql(lot.id)}) t
      union all select buyer_user_id, 'offered' from offers where lot_id = ${lot.id}
      union all select user_id, 'bid' from lot_bidders where lot_id = ${lot.id}
      union all select user_id, 'watch' from wishlists where document_type = 'event-lot' and document_id = ${lot.id}
    )
    select u.email, u.name, v.value as settings, array_agg(distinct t.reason) as reasons
    from ties t join users u on u.id = t.user_id
      left join user_vars v on v.user_id = u.id and v.key = 'notification_settings'
    where not exists (select 1 from company_members m where m.company_id = ${lot.company_id} and m.user_id = u.id)
    group by u.id, u.email, u.name, v.value
    order by u.id`);
  return rowsOf<Follower>(result);
}

/** The strongest tie (bought over tendered over offered over bid over watching). */
const strongest = (reasons: readonly FollowReason[]) => FOLLOW_REASONS.find((r) => reasons.includes(r)) ?? 'watch';

/** Announces every lot whose changes are due (at most `limit`); returns the number of mails stored. */
export async function announceLotChanges(deps: AnnounceDeps, limit = 100): Promise<number> {
  let mails = 0;
  for (let i = 0; i < limit; i++) {
    const sent = await deps.db.transaction(async (tx) => {
      const lot = await takeDueLot(tx);
      if (!lot) return null;
      const about = {
        number: lot.number,
        name: lot.name,
        eventName: lot.event_name,
        url: `${deps.publicOrigin}${lotPagePath(lot.id)}`,
        open: (OPEN as string[]).includes(lot.status),
      };
      let n = 0;
      for (const follower of await followersOf(tx, lot)) {
        const reason = strongest(follower.reasons);
        // A commitment is told of what it was made on; a watcher chose to hear of it (Account Preferences).
        if (reason === 'watch' && !settingOn(follower.settings, 'lot-changes')) continue;
        await deps.mailer.send(lotChangedMail(follower, about, { changes: lot.changes, reason }), { tx });
        n++;
      }
      await tx.execute(sql`update lot_change_notices
        set changes = '{}', pending_since = null, announced_at = now() where lot_id = ${lot.id}`);
      return n;
    });
    if (sent === null) break;
    mails += sent;
  }
  return mails;
}

export function registerLotChangeAnnouncements(jobs: JobRunner, deps: AnnounceDeps, log: FastifyBaseLogger): void {
  jobs.register(
    'announce-lot-changes',
    async () => {
      const n = await announceLotChanges(deps);
      if (n > 0) log.info({ mails: n }, 'lot changes announced');
    },
    { everySeconds: ANNOUNCE_EVERY_S, failureMessage: 'could not announce lot changes' },
  );
}
