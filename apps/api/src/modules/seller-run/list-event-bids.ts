import { bidderPseudonym, type SellerBidsQuery, type SellerBidsResponse } from '@lotline/contracts';
import type { Executor } from '@lotline/db';
import { bids, eventLots, lotBidders, users } from '@lotline/db/schema';
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import { AppError } from '../../lib/errors';
import { pageWindow, paginationOf } from '../../lib/pagination';
import { requireOwnEvent } from '../sellers/company-access';

/**
 * Every bid of an event's lots, newest first (decision 0052): the amount and
 * pseudonym exactly as the public history shows them ("Bidder 3"), and, for
 * the seller only, who the bidder is. Never a bidder's maximum (BIDDING.md
 * does not grant it to the seller) and never a tender (only `bids` is read).
 */
export async function listEventBids(
  db: Executor,
  userId: string,
  eventId: string,
  query: SellerBidsQuery,
): Promise<SellerBidsResponse> {
  await requireOwnEvent(db, userId, eventId);
  if (query.lotId !== undefined) {
    const [lot] = await db
      .select({ id: eventLots.id })
      .from(eventLots)
      .where(and(eq(eventLots.id, query.lotId), eq(eventLots.eventId, eventId)));
    if (!lot) throw AppError.notFound('No such lot in this event.');
  }
  const { limit, offset } = pageWindow(query);
  const where = and(eq(eventLots.eventId, eventId), query.lotId ? eq(bids.lotId, query.lotId) : undefined);
  const rows = await db
    .select({
      id: bids.id,
      lotId: eventLots.id,
      number: eventLots.number,
      name: eventLots.name,
      currency: eventLots.currency,
      amount: bids.amount,
      kind: bids.kind,
      createdAt: bids.createdAt,
      userId: users.id,
      userName: users.name,
      email: users.email,
      pseudonym: lotBidders.pseudonym,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(bids)
    .innerJoin(eventLots, eq(eventLots.id, bids.lotId))
    // The engine writes a bidder's row before any of their bids, so every bid has its pseudonym.
    .innerJoin(lotBidders, and(eq(lotBidders.lotId, bids.lotId), eq(lotBidders.userId, bids.userId)))
    .innerJoin(users, eq(users.id, bids.userId))
    .where(where)
    .orderBy(desc(bids.seq))
    .limit(limit)
    .offset(offset);
  // Past the last page there are no rows to carry the window count.
  const total = rows[0]?.total ?? (offset > 0 ? await countBids(db, where) : 0);
  return {
    bids: rows.map((r) => ({
      _id: r.id,
      lot: { id: r.lotId, number: r.number, name: r.name },
      amount: r.amount,
      currency: r.currency,
      kind: r.kind,
      placedAt: r.createdAt.toISOString(),
      bidder: { pseudonym: bidderPseudonym(r.pseudonym), id: r.userId, name: r.userName, email: r.email },
    })),
    pagination: paginationOf(query, total),
  };
}

async function countBids(db: Executor, where: SQL | undefined): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(bids)
    .innerJoin(eventLots, eq(eventLots.id, bids.lotId))
    .where(where);
  return row?.n ?? 0;
}
