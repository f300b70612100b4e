import { randomUUID } from 'node:crypto';
import type { Executor } from '@lotline/db';
import { LOT_STATUS } from '@lotline/domain';
import { type AnyColumn, type SQL, sql } from 'drizzle-orm';

/**
 * THE ONLY CODE THAT TOUCHES `tenders` (issue 15; decision 0047). A tender's
 * amount is sealed until its lot closes: nobody, the seller and staff
 * neither, may read it before. So:
 * - a tenderer's own amount is read by their user id only (`readOwnTender`,
 *   and `saveOwnTender`'s answer);
 * - every read of other people's tenders goes through the `sealed_tenders`
 *   view, whose `amount` is NULL until the lot's `closed_at` is set (the lot
 *   clock sets it once, at the close).
 * `sealed-tenders.guard.test.ts` fails if any other file under `apps/` reads
 * the table. Keep it that way: add a function here rather than a query elsewhere.
 */

export type TenderOutcome = 'awarded' | 'not-awarded';

export interface OwnTenderRow {
  id: string;
  amount: number;
  currency: string;
  outcome: TenderOutcome | null;
  updatedAt: Date;
}

type Row = Record<string, unknown>;
const rowsOf = (result: unknown) => (result as { rows: Row[] }).rows;
const date = (v: unknown) => (v instanceof Date ? v : new Date(String(v)));
const outcomeOf = (v: unknown) => (v == null ? null : (v as TenderOutcome));

const idList = (ids: readonly string[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

const toOwn = (r: Row): OwnTenderRow => ({
  id: String(r.id),
  amount: Number(r.amount),
  currency: String(r.currency),
  outcome: outcomeOf(r.outcome),
  updatedAt: date(r.updated_at),
});

/** Places or replaces the user's one tender on the lot (the caller checked the lot is open, under its lock). */
export async function saveOwnTender(
  tx: Executor,
  input: { lotId: string; userId: string; amount: number; currency: string },
): Promise<OwnTenderRow & { replaced: boolean }> {
  const result = await tx.execute(sql`
    insert into tenders (id, lot_id, user_id, amount, currency)
    values (${`tnd_${randomUUID()}`}, ${input.lotId}, ${input.userId}, ${input.amount}, ${input.currency})
    on conflict (lot_id, user_id) do update set amount = excluded.amount, updated_at = now()
    returning id, amount::float8 as amount, currency, outcome, updated_at, created_at <> updated_at as replaced`);
  const [row] = rowsOf(result);
  if (!row) throw new Error('The tender was not stored.');
  return { ...toOwn(row), replaced: row.replaced === true };
}

/** A decided tender on a lot that closed before today (the demo's past sales, decision 0102). */
export interface PastTender {
  id: string;
  lotId: string;
  userId: string;
  amount: number;
  currency: string;
  outcome: TenderOutcome;
  /** When it was placed, and when its lot was decided. */
  placedAt: Date;
  decidedAt: Date;
}

/** Writes past tenders whole, outcome included: history, not a tender placed now (nothing here checks an open lot). */
export async function recordPastTenders(tx: Executor, rows: readonly PastTender[]): Promise<void> {
  if (rows.length === 0) return;
  const values = sql.join(
    rows.map(
      (t) =>
        sql`(${t.id}, ${t.lotId}, ${t.userId}, ${t.amount}, ${t.currency}, ${t.outcome}::tender_outcome, ${t.placedAt}, ${t.decidedAt})`,
    ),
    sql`, `,
  );
  await tx.execute(
    sql`insert into tenders (id, lot_id, user_id, amount, currency, outcome, created_at, updated_at) values ${values}`,
  );
}

/** The user's own tender on the lot, amount included (theirs to read at any time), or null. */
export async function readOwnTender(db: Executor, lotId: string, userId: string): Promise<OwnTenderRow | null> {
  const result = await db.execute(sql`
    select id, amount::float8 as amount, currency, outcome, updated_at from tenders
    where lot_id = ${lotId} and user_id = ${userId}`);
  const [row] = rowsOf(result);
  return row ? toOwn(row) : null;
}

/** A tender as others see it: `amount` null until the lot's close. */
export interface SealedTenderRow {
  id: string;
  lotId: string;
  userId: string;
  bidderName: string;
  bidderEmail: string;
  amount: number | null;
  currency: string;
  outcome: TenderOutcome | null;
  updatedAt: Date;
}

const sealedColumns = sql`st.id, st.lot_id, st.user_id, u.name as bidder_name, u.email as bidder_email,
  st.amount::float8 as amount, st.currency, st.outcome, st.updated_at`;

function toSealed(r: Row): SealedTenderRow {
  return {
    id: String(r.id),
    lotId: String(r.lot_id),
    userId: String(r.user_id),
    bidderName: String(r.bidder_name),
    bidderEmail: String(r.bidder_email),
    amount: r.amount == null ? null : Number(r.amount),
    currency: String(r.currency),
    outcome: outcomeOf(r.outcome),
    updatedAt: date(r.updated_at),
  };
}

async function selectSealed(db: Executor, where: SQL): Promise<SealedTenderRow[]> {
  const result = await db.execute(sql`
    select ${sealedColumns} from sealed_tenders st join users u on u.id = st.user_id
    where ${where} order by st.lot_id, st.amount desc nulls last, st.updated_at, st.id`);
  return rowsOf(result).map(toSealed);
}

/** Every tender of these lots through the sealed view (highest first once the amounts show). */
export function sealedTendersOf(db: Executor, lotIds: readonly string[]): Promise<SealedTenderRow[]> {
  if (lotIds.length === 0) return Promise.resolve([]);
  return selectSealed(db, sql`st.lot_id in (${idList(lotIds)})`);
}

/** The number of tenders per lot (a count reveals no amount). */
export async function tenderCounts(db: Executor, lotIds: readonly string[]): Promise<Map<string, number>> {
  if (lotIds.length === 0) return new Map();
  const result = await db.execute(sql`
    select lot_id, count(*)::int as n from sealed_tenders where lot_id in (${idList(lotIds)}) group by lot_id`);
  return new Map(rowsOf(result).map((r) => [String(r.lot_id), Number(r.n)]));
}

/** The users who tendered on a lot, as an SQL subquery of `user_id` (who, never how much): told of the lot's changes. */
export function tenderersSql(lotId: string): SQL {
  return sql`select user_id from sealed_tenders where lot_id = ${lotId}`;
}

/** The tenderers of the lots a subquery selects (`select id …`), as an SQL subquery of `(user_id, lot_id)`: who, never how much. */
export function tenderersOfLotsSql(lotIds: SQL): SQL {
  return sql`select user_id, lot_id from sealed_tenders where lot_id in (${lotIds})`;
}

/**
 * A user's tenders as rows of their bidding list (My Bids, GET …/bidders): an SQL subquery of
 * `(lot_id, amount, awarded)`. The user reads their own amounts at any time; anyone else (an admin
 * reading the user's rows) reads them through the sealed view, NULL until the lot's close.
 */
export function tenderParticipationSql(userId: string, reader: 'self' | 'other'): SQL {
  const source = reader === 'self' ? sql`tenders` : sql`sealed_tenders`;
  return sql`select lot_id, amount::float8 as amount, coalesce(outcome = 'awarded', false) as awarded
    from ${source} where user_id = ${userId}`;
}

/**
 * True (SQL) while `userId` (a column or value) has a tender on a lot of `eventId` that closed and awaits the
 * seller's award: their bid deposit must stand until then (issue 25; the award applies it to the order).
 */
export function awaitsTenderAwardSql(userId: SQL | AnyColumn, eventId: SQL | AnyColumn | string): SQL<boolean> {
  return sql<boolean>`exists (select 1 from tenders t join event_lots l on l.id = t.lot_id
    where t.user_id = ${userId} and l.event_id = ${eventId} and t.outcome is null and l.status = ${LOT_STATUS.Ended})`;
}

/**
 * Decides the lot: the awarded tender `awarded`, every other `not-awarded`
 * (all of them when `awardedId` is null). Only undecided tenders change, so a
 * second decision changes nothing. Returns the tenders this call decided,
 * through the sealed view (the caller decides only closed lots, whose amounts show).
 */
export async function decideTenders(tx: Executor, lotId: string, awardedId: string | null): Promise<SealedTenderRow[]> {
  const changed = rowsOf(
    await tx.execute(sql`
      update tenders set outcome = (case when id = ${awardedId} then 'awarded' else 'not-awarded' end)::tender_outcome
      where lot_id = ${lotId} and outcome is null returning id`),
  ).map((r) => String(r.id));
  if (changed.length === 0) return [];
  return selectSealed(tx, sql`st.id in (${idList(changed)})`);
}
