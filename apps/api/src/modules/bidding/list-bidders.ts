import type { BidderRow, BiddingStatus, Pagination } from '@lotline/contracts';
import type { Database } from '@lotline/db';
import { eventLots, lotBidders } from '@lotline/db/schema';
import { and, inArray, type SQL, sql } from 'drizzle-orm';
import { type PageRequest, pageWindow, paginationOf } from '../../lib/pagination';
import { publicLotCondition } from '../lots/visibility';
import { biddingStatusSql, lotOverSql } from './bidding-status-sql';
import { tenderParticipationSql } from './sealed-tenders';

export interface ListBiddersInput extends PageRequest {
  userId: string;
  /**
   * Who reads the rows: the user themselves, or someone else (an admin). A tender's amount is sealed until
   * its lot closes for everyone but its tenderer (decision 0047), so another reader sees it null till then.
   */
  reader: 'self' | 'other';
  /** One lot: its row or none. */
  eventLotId?: string | undefined;
  /** Only rows in one of these statuses; absent or empty: every status. */
  statuses?: readonly BiddingStatus[] | undefined;
}

/** `_id` of a bidder row: the lot and the user, since there is one row per pair (no id column to leak). */
export const bidderRowId = (lotId: string, userId: string) => `${lotId}:${userId}`;

type Row = Record<string, unknown>;
const rowsOf = (result: unknown) => (result as { rows: Row[] }).rows;

/**
 * A user's own bidder rows (contract §5 `bidders`, decision 0036): one per lot
 * they bid on (`lot_bidders`) or sent a sealed tender for (issue 15), with
 * their BIDDING §4 status computed in the database by the same rule as
 * `biddingStatus` (so the filter, the count and the page agree), against the
 * database clock. A tender leads once it is awarded; its row's last bid is the
 * tender's amount and its bid count 1. Only lots a buyer may see are listed.
 * Order (My Bids): lots still open first, the soonest to end on top; then the
 * closed ones, the most recently ended on top; the lot id breaks ties.
 */
export async function listBidders(
  db: Database,
  input: ListBiddersInput,
): Promise<{ bidders: BidderRow[]; pagination: Pagination }> {
  const now = sql`now()`;
  // Bids and tenders of the user, one row per lot; `awarded` is null for a bid (the lot's leader decides).
  const participation = sql`(
    select lot_id, last_bid_amount::float8 as last_bid_amount, max_amount::float8 as max_amount, bids_count,
      null::boolean as awarded
    from ${lotBidders} where ${lotBidders.userId} = ${input.userId}
    union all
    select lot_id, amount, null, 1, awarded from (${tenderParticipationSql(input.userId, input.reader)}) t
  ) p`;
  const status = biddingStatusSql(
    eventLots,
    {
      participated: sql`true`,
      leads: sql`coalesce(p.awarded, ${eventLots.leaderUserId} = ${input.userId})`,
    },
    now,
  );
  const over = lotOverSql(eventLots, now);
  const conditions: (SQL | undefined)[] = [publicLotCondition()];
  if (input.eventLotId !== undefined) conditions.push(sql`p.lot_id = ${input.eventLotId}`);
  if (input.statuses && input.statuses.length > 0) conditions.push(inArray(status, [...input.statuses]));
  const where = and(...conditions);
  const from = sql`${participation} join ${eventLots} on ${eventLots.id} = p.lot_id where ${where}`;

  const { limit, offset } = pageWindow(input);
  const rows = rowsOf(
    await db.execute(sql`
      select p.lot_id, ${status} as bidding_status, p.last_bid_amount, p.max_amount, p.bids_count, p.awarded,
        count(*) over () as total
      from ${from}
      order by ${over} asc,
        (case when not ${over} then ${eventLots.endedAt} end) asc nulls last,
        (case when ${over} then ${eventLots.endedAt} end) desc nulls last,
        p.lot_id asc
      limit ${limit} offset ${offset}`),
  );
  // Past the last page there are no rows to carry the window count.
  const total = rows[0] ? Number(rows[0].total) : offset > 0 ? await countRows(db, from) : 0;
  return {
    bidders: rows.map((r) => {
      const lotId = String(r.lot_id);
      const tender = r.awarded !== null;
      return {
        _id: bidderRowId(lotId, input.userId),
        eventLotId: lotId,
        userId: input.userId,
        biddingStatus: r.bidding_status as BiddingStatus,
        lastBidAmount: r.last_bid_amount === null ? null : Number(r.last_bid_amount),
        // A tender has no standing maximum.
        ...(tender ? {} : { maxBidAmount: Number(r.max_amount) }),
        bidsCount: Number(r.bids_count),
      };
    }),
    pagination: paginationOf(input, total),
  };
}

async function countRows(db: Database, from: SQL): Promise<number> {
  const [row] = rowsOf(await db.execute(sql`select count(*)::int as n from ${from}`));
  return Number(row?.n ?? 0);
}
