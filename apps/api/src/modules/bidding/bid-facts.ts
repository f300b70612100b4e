import { type Executor, queryPrepared } from '@lotline/db';
import { type SQL, sql } from 'drizzle-orm';
import { pausedSql } from '../event-pauses/event-paused';
import type { BiddingLotRow } from './lot-columns';

export interface BidFacts {
  /** The database clock after the lock, ms since the epoch. */
  now: number;
  registered: boolean;
  /** Approved, but the deposit's hold has lapsed (BIDDING §6: usable only while the hold is held). */
  depositLapsed: boolean;
  leaderMax: number | null;
  ownMax: number | null;
}

/**
 * BIDDING §6 over `registrations r left join deposit_holds h on h.id = r.current_hold_id`, by the clock:
 * a registration is usable when approved and its deposit is not required or held by a hold that has not
 * lapsed; approved with a lapsed hold refuses bids with its own message.
 */
const usable = sql`r.status = 'approved'
  and (r.deposit_status = 'not-required' or (r.deposit_status = 'held' and h.expires_at > clock_timestamp()))`;
const lapsed = sql`r.status = 'approved' and r.deposit_status = 'held' and h.expires_at <= clock_timestamp()`;
const registrationsOf = (eventId: string | null, users: SQL) => sql`registrations r
  left join deposit_holds h on h.id = r.current_hold_id where r.event_id = ${eventId} and r.user_id ${users}`;

/**
 * Read in a statement of its own after the lot's row lock (its snapshot then includes the previous
 * bid's commit): the clock, the registration and both standing maxima
 * (the viewer's null when signed out or without a bid).
 */
export async function readBidFacts(
  db: Executor,
  lot: Pick<BiddingLotRow, 'id' | 'eventId' | 'leaderUserId'>,
  userId: string | null,
): Promise<BidFacts> {
  const [facts] = await queryPrepared(
    db,
    sql`
    select (extract(epoch from clock_timestamp()) * 1000)::float8 as now,
      exists (select 1 from ${registrationsOf(lot.eventId, sql`= ${userId}`)} and ${usable}) as registered,
      exists (select 1 from ${registrationsOf(lot.eventId, sql`= ${userId}`)} and ${lapsed}) as deposit_lapsed,
      (select max_amount::float8 from lot_bidders where lot_id = ${lot.id} and user_id = ${lot.leaderUserId}) as leader_max,
      (select max_amount::float8 from lot_bidders where lot_id = ${lot.id} and user_id = ${userId}) as own_max`,
  );
  return {
    now: Number(facts?.now),
    registered: facts?.registered === true,
    depositLapsed: facts?.deposit_lapsed === true,
    leaderMax: facts?.leader_max == null ? null : Number(facts.leader_max),
    ownMax: facts?.own_max == null ? null : Number(facts.own_max),
  };
}

/** What a batch of bids on one lot reads after the lock (decision 0042), for every bidder of the batch at once. */
export interface BatchFacts {
  /** The database clock after the lock, ms since the epoch. */
  now: number;
  leaderMax: number | null;
  /** Users whose registration is usable, and those whose deposit hold lapsed. */
  registered: Set<string>;
  depositLapsed: Set<string>;
  /** Each bidder's standing maximum; a user without one has not bid on the lot. */
  maxima: Map<string, number>;
  /** When asked: the e-mail, name and `notification_settings` of the leader and each bidder (who may be outbid). */
  contacts: Map<string, Contact>;
  /**
   * The event's bidding settings as committed before the lock was granted (null for a lot without an
   * event). The locking statement's join re-reads only the locked lot row after a wait, not the event's,
   * so a seller's change committed while the bid waited would be missed there.
   */
  settings: EventBiddingSettings | null;
  /**
   * The selling company as `sellers/own-lot.ts`' `lockSeller` reads it, here in the same statement: whether it
   * is suspended, which bidders are its members (read after `lockBidders` took its row FOR KEY SHARE), and
   * whether staff paused the event (after the lot's lock, which a pause takes too).
   */
  seller: { suspended: boolean; paused: boolean; members: Set<string> };
  /**
   * The bid limits on the bidders' registrations for the event (decision 0080), read FOR SHARE: a staff or
   * seller change of a limit (registration row FOR UPDATE) either committed first and is the limit applied, or
   * waits for this bid's commit and then sees its maximum (the lowering check in
   * registrations/change-bid-limit.ts). Every registration row of those bidders is locked, not only those with
   * a limit, so a first limit set meanwhile is not missed.
   */
  limits: Map<string, number>;
}

export type EventBiddingSettings = Pick<
  BiddingLotRow,
  'incrementTable' | 'softCloseWindowSeconds' | 'softCloseExtensionSeconds' | 'softCloseCapSeconds'
>;

export interface Contact {
  email: string;
  name: string;
  settings: unknown;
}

/**
 * `readBidFacts` for many bidders in one statement, with the seller's check and the bid limits (one round
 * trip while the lot is locked: they were five); with `contacts`, also whom an outbid mail would go to.
 */
export async function readBatchFacts(
  db: Executor,
  lot: Pick<BiddingLotRow, 'id' | 'eventId' | 'leaderUserId' | 'companyId'>,
  userIds: readonly string[],
  options: { contacts: boolean },
): Promise<BatchFacts> {
  const users = anyOf(userIds);
  const candidates = anyOf(lot.leaderUserId === null ? userIds : [...userIds, lot.leaderUserId]);
  const contacts = options.contacts
    ? sql`(select coalesce(json_object_agg(u.id, json_build_object('email', u.email, 'name', u.name, 'settings', v.value)), '{}')
        from users u left join user_vars v on v.user_id = u.id and v.key = 'notification_settings'
        where u.id ${candidates})`
    : sql`'{}'::json`;
  const [facts] = await queryPrepared(
    db,
    sql`
    select (extract(epoch from clock_timestamp()) * 1000)::float8 as now,
      (select max_amount::float8 from lot_bidders where lot_id = ${lot.id} and user_id = ${lot.leaderUserId}) as leader_max,
      (select coalesce(json_agg(r.user_id), '[]') from ${registrationsOf(lot.eventId, users)} and ${usable}) as registered,
      (select coalesce(json_agg(r.user_id), '[]') from ${registrationsOf(lot.eventId, users)} and ${lapsed}) as lapsed,
      (select coalesce(json_object_agg(user_id, max_amount), '{}') from lot_bidders
        where lot_id = ${lot.id} and user_id ${users}) as maxima,
      ${contacts} as contacts,
      (select json_build_object('incrementTable', e.increment_table,
          'softCloseWindowSeconds', e.soft_close_window_seconds,
          'softCloseExtensionSeconds', e.soft_close_extension_seconds,
          'softCloseCapSeconds', e.soft_close_cap_seconds)
        from events e where e.id = ${lot.eventId}) as settings,
      (select c.status = 'suspended' from companies c where c.id = ${lot.companyId}) as suspended,
      ${pausedSql(lot.eventId)} as paused,
      (select coalesce(json_agg(m.user_id), '[]') from company_members m
        where m.company_id = ${lot.companyId} and m.user_id ${users}) as members,
      (select coalesce(json_object_agg(l.user_id, l.bid_limit_minor) filter (where l.bid_limit_minor is not null), '{}')
        from (select r.user_id, r.bid_limit_minor from registrations r
          where r.event_id = ${lot.eventId} and r.user_id ${users} for share) l) as limits`,
  );
  const json = <T>(value: unknown, empty: T): T =>
    (typeof value === 'string' ? JSON.parse(value) : (value ?? empty)) as T;
  return {
    now: Number(facts?.now),
    leaderMax: facts?.leader_max == null ? null : Number(facts.leader_max),
    registered: new Set(json<string[]>(facts?.registered, [])),
    depositLapsed: new Set(json<string[]>(facts?.lapsed, [])),
    maxima: new Map(Object.entries(json<Record<string, number>>(facts?.maxima, {})).map(([u, m]) => [u, Number(m)])),
    contacts: new Map(Object.entries(json<Record<string, Contact>>(facts?.contacts, {}))),
    settings: json<EventBiddingSettings | null>(facts?.settings, null),
    seller: {
      suspended: facts?.suspended === true,
      paused: facts?.paused === true,
      members: new Set(json<string[]>(facts?.members, [])),
    },
    limits: new Map(Object.entries(json<Record<string, number>>(facts?.limits, {})).map(([u, l]) => [u, Number(l)])),
  };
}

/**
 * `= any(…)` of the ids as one parameter (a JSON array): the statement's text is the same for any number of
 * bidders, so it stays one prepared statement (`queryPrepared`, decision 0105).
 */
const anyOf = (ids: readonly string[]) =>
  sql`= any(array(select json_array_elements_text(${JSON.stringify(ids)}::json)))`;

/**
 * Before the lot's lock, one statement: the bidders' account rows FOR SHARE, in id order, answering which are
 * disabled, and the lot's company row FOR KEY SHARE. A staff disable takes the user's row FOR NO KEY UPDATE and
 * then the lots the user stands on (decision 0082), so a bid batch that locks these rows first either commits
 * before the disable reads the user's standings, or waits for the disable and then sees the account disabled
 * (decision 0087): no bid of a disabled user stands after it. The company's row is what a member joining takes
 * FOR UPDATE (`sellers/own-lot.ts`' `membersOf`): taken here, the membership `readBatchFacts` reads afterwards
 * is the one in force when the batch commits. (A lot's company never changes, so it is read without a lock.)
 */
export async function lockBidders(db: Executor, lotId: string, userIds: readonly string[]): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const [row] = await queryPrepared(
    db,
    sql`
    with seller as materialized (
      select c.id from companies c where c.id = (select l.company_id from event_lots l where l.id = ${lotId})
      for key share
    ), accounts as materialized (
      select u.id, u.disabled from users u where u.id ${anyOf(userIds)} order by u.id for share
    )
    select (select count(*) from seller)::int as sellers,
      (select coalesce(json_agg(a.id) filter (where a.disabled), '[]') from accounts a) as disabled`,
  );
  const disabled = typeof row?.disabled === 'string' ? JSON.parse(row.disabled) : (row?.disabled ?? []);
  return new Set(disabled as string[]);
}
