import { bidderPseudonym, type SellerLiveResponse } from '@lotline/contracts';
import type { Executor } from '@lotline/db';
import { eventLots, lotBidders, users } from '@lotline/db/schema';
import { and, asc, eq } from 'drizzle-orm';
import { dbNow } from '../../lib/db-now';
import { requireOwnEvent } from '../sellers/company-access';

/**
 * The live view of an event for its seller (decision 0052): every lot in the
 * event's order with the public price, bid count, status and effective end,
 * whether the reserve is met, and the leading bidder (pseudonym and who they
 * are). `serverTime` is the database clock, which the page's timers go by.
 */
export async function readLiveTable(db: Executor, userId: string, eventId: string): Promise<SellerLiveResponse> {
  await requireOwnEvent(db, userId, eventId);
  const rows = await db
    .select({
      id: eventLots.id,
      number: eventLots.number,
      name: eventLots.name,
      type: eventLots.type,
      status: eventLots.status,
      currency: eventLots.currency,
      currentBid: eventLots.currentBidAmount,
      startingBid: eventLots.startingBid,
      bidsCount: eventLots.bidsCount,
      endsAt: eventLots.endedAt,
      reserveMet: eventLots.reserveMet,
      leaderId: users.id,
      leaderName: users.name,
      leaderEmail: users.email,
      pseudonym: lotBidders.pseudonym,
    })
    .from(eventLots)
    .leftJoin(lotBidders, and(eq(lotBidders.lotId, eventLots.id), eq(lotBidders.userId, eventLots.leaderUserId)))
    .leftJoin(users, eq(users.id, lotBidders.userId))
    .where(eq(eventLots.eventId, eventId))
    .orderBy(asc(eventLots.sequence), asc(eventLots.id));
  return {
    lots: rows.map((r) => ({
      _id: r.id,
      number: r.number,
      name: r.name,
      type: r.type,
      status: r.status,
      currency: r.currency,
      currentBid: r.currentBid,
      startingBid: r.startingBid,
      bidsCount: r.bidsCount,
      endsAt: r.endsAt ? r.endsAt.toISOString() : null,
      reserveMet: r.reserveMet,
      highBidder:
        r.leaderId === null || r.pseudonym === null || r.leaderName === null || r.leaderEmail === null
          ? null
          : { pseudonym: bidderPseudonym(r.pseudonym), id: r.leaderId, name: r.leaderName, email: r.leaderEmail },
    })),
    serverTime: (await dbNow(db)).toISOString(),
  };
}
