import { type BidHistoryResponse, bidderPseudonym, YOU_BIDDER } from '@lotline/contracts';
import type { Database } from '@lotline/db';
import { bids, eventLots, lotBidders } from '@lotline/db/schema';
import { and, desc, eq, sql } from 'drizzle-orm';
import { AppError } from '../../lib/errors';
import { type PageRequest, pageWindow, paginationOf } from '../../lib/pagination';
import { publicLotCondition } from '../lots/visibility';

/**
 * A lot's visible price history (contract §5 GET bids, decision 0036): every
 * row of `bids` for the lot, both kinds (a bidder's own bid and the system's
 * counter-bid for the leader), newest first by `seq` (rows of one transaction
 * share their time). Nobody's identity leaves: the viewer's rows read "You",
 * the others "Bidder N" by the lot's pseudonym, the same for every viewer and page.
 * A lot a buyer may not see is 404, like an unknown one.
 */
export async function listBidHistory(
  db: Database,
  lotId: string,
  viewerId: string | null,
  page: PageRequest,
): Promise<BidHistoryResponse> {
  const [lot] = await db
    .select({ id: eventLots.id })
    .from(eventLots)
    .where(and(eq(eventLots.id, lotId), publicLotCondition()))
    .limit(1);
  if (!lot) throw new AppError('NOT_FOUND', 'No such lot.');

  const { limit, offset } = pageWindow(page);
  const ofLot = eq(bids.lotId, lotId);
  const rows = await db
    .select({
      id: bids.id,
      userId: bids.userId,
      pseudonym: lotBidders.pseudonym,
      amount: bids.amount,
      createdAt: bids.createdAt,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(bids)
    // The engine writes a bidder's row before any of their bids, so every bid has its pseudonym.
    .innerJoin(lotBidders, and(eq(lotBidders.lotId, bids.lotId), eq(lotBidders.userId, bids.userId)))
    .where(ofLot)
    .orderBy(desc(bids.seq))
    .limit(limit)
    .offset(offset);
  // Past the last page there are no rows to carry the window count.
  const total = rows[0]?.total ?? (offset > 0 ? await db.$count(bids, ofLot) : 0);
  return {
    bids: rows.map((r) => ({
      _id: r.id,
      bidder: viewerId !== null && r.userId === viewerId ? YOU_BIDDER : bidderPseudonym(r.pseudonym),
      amount: r.amount,
      createdAt: r.createdAt.toISOString(),
    })),
    pagination: paginationOf(page, total),
  };
}
