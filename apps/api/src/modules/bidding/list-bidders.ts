import type { BidderRow, BiddingStatus, Pagination } from '@lotline/contracts';
import type { Database } from '@lotline/db';
import { eventLots, lotBidders } from '@lotline/db/schema';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { type PageRequest, pageWindow, paginationOf } from '../../lib/pagination';
import { publicLotCondition } from '../lots/visibility';
import { biddingStatusSql, lotOverSql } from './bidding-status-sql';

export interface ListBiddersInput extends PageRequest {
  userId: string;
  /** One lot: its row or none. */
  eventLotId?: string | undefined;
  /** Only rows in one of these statuses; absent or empty: every status. */
  statuses?: readonly BiddingStatus[] | undefined;
}

/** `_id` of a bidder row: the lot and the user, since there is one row per pair (no id column to leak). */
export const bidderRowId = (lotId: string, userId: string) => `${lotId}:${userId}`;

/**
 * A user's own bidder rows (contract §5 `bidders`, decision 0036): one per lot
 * they bid on, with their BIDDING §4 status computed in the database by the
 * same rule as `biddingStatus` (so the filter, the count and the page agree),
 * against the database clock. Only lots a buyer may see are listed.
 * Order (My Bids): lots still open first, the soonest to end on top; then the
 * closed ones, the most recently ended on top; the lot id breaks ties.
 */
export async function listBidders(
  db: Database,
  input: ListBiddersInput,
): Promise<{ bidders: BidderRow[]; pagination: Pagination }> {
  const now = sql`now()`;
  const status = biddingStatusSql(
    eventLots,
    { participated: sql`true`, leads: sql`${eventLots.leaderUserId} = ${lotBidders.userId}` },
    now,
  );
  const over = lotOverSql(eventLots, now);
  const conditions: (SQL | undefined)[] = [eq(lotBidders.userId, input.userId), publicLotCondition()];
  if (input.eventLotId !== undefined) conditions.push(eq(lotBidders.lotId, input.eventLotId));
  if (input.statuses && input.statuses.length > 0) conditions.push(inArray(status, [...input.statuses]));
  const where = and(...conditions);

  const { limit, offset } = pageWindow(input);
  const rows = await db
    .select({
      lotId: lotBidders.lotId,
      biddingStatus: status,
      lastBidAmount: lotBidders.lastBidAmount,
      maxBidAmount: lotBidders.maxAmount,
      bidsCount: lotBidders.bidsCount,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(lotBidders)
    .innerJoin(eventLots, eq(eventLots.id, lotBidders.lotId))
    .where(where)
    .orderBy(
      asc(over),
      sql`(case when not ${over} then ${eventLots.endedAt} end) asc nulls last`,
      sql`(case when ${over} then ${eventLots.endedAt} end) desc nulls last`,
      asc(lotBidders.lotId),
    )
    .limit(limit)
    .offset(offset);
  // Past the last page there are no rows to carry the window count.
  const total = rows[0]?.total ?? (offset > 0 ? await countRows(db, where) : 0);
  return {
    bidders: rows.map((r) => ({
      _id: bidderRowId(r.lotId, input.userId),
      eventLotId: r.lotId,
      userId: input.userId,
      biddingStatus: r.biddingStatus,
      lastBidAmount: r.lastBidAmount,
      maxBidAmount: r.maxBidAmount,
      bidsCount: r.bidsCount,
    })),
    pagination: paginationOf(input, total),
  };
}

async function countRows(db: Database, where: SQL | undefined): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(lotBidders)
    .innerJoin(eventLots, eq(eventLots.id, lotBidders.lotId))
    .where(where);
  return row?.n ?? 0;
}
