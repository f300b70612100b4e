import type { Executor } from '@lotline/db';
import { users } from '@lotline/db/schema';
import { asc, inArray, type SQL, sql } from 'drizzle-orm';
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
  const result = await db.execute(sql`
    select (extract(epoch from clock_timestamp()) * 1000)::float8 as now,
      exists (select 1 from ${registrationsOf(lot.eventId, sql`= ${userId}`)} and ${usable}) as registered,
      exists (select 1 from ${registrationsOf(lot.eventId, sql`= ${userId}`)} and ${lapsed}) as deposit_lapsed,
      (select max_amount::float8 from lot_bidders where lot_id = ${lot.id} and user_id = ${lot.leaderUserId}) as leader_max,
      (select max_amount::float8 from lot_bidders where lot_id = ${lot.id} and user_id = ${userId}) as own_max`);
  const [facts] = rowsOf(result);
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

/** `readBidFacts` for many bidders in one statement; with `contacts`, also whom an outbid mail would go to. */
export async function readBatchFacts(
  db: Executor,
  lot: Pick<BiddingLotRow, 'id' | 'eventId' | 'leaderUserId'>,
  userIds: readonly string[],
  options: { contacts: boolean },
): Promise<BatchFacts> {
  const list = (ids: readonly string[]) =>
    sql`in (${sql.join(
      ids.map((u) => sql`${u}`),
      sql`, `,
    )})`;
  const users = list(userIds);
  const candidates = list(lot.leaderUserId === null ? userIds : [...userIds, lot.leaderUserId]);
  const contacts = options.contacts
    ? sql`(select coalesce(json_object_agg(u.id, json_build_object('email', u.email, 'name', u.name, 'settings', v.value)), '{}')
        from users u left join user_vars v on v.user_id = u.id and v.key = 'notification_settings'
        where u.id ${candidates})`
    : sql`'{}'::json`;
  const result = await db.execute(sql`
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
        from events e where e.id = ${lot.eventId}) as settings`);
  const [facts] = rowsOf(result);
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
  };
}

const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;

/**
 * Locks the bidders' account rows FOR SHARE, in id order, and answers which are disabled. A staff disable
 * takes the row FOR NO KEY UPDATE and then the lots the user stands on (decision 0082), so a bid batch that
 * locks these rows first either commits before the disable reads the user's standings, or waits for the
 * disable and then sees the account disabled (decision 0087): no bid of a disabled user stands after it.
 */
export async function lockBidderAccounts(db: Executor, userIds: readonly string[]): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .select({ id: users.id, disabled: users.disabled })
    .from(users)
    .where(inArray(users.id, [...userIds]))
    .orderBy(asc(users.id))
    .for('share');
  return new Set(rows.filter((r) => r.disabled).map((r) => r.id));
}
