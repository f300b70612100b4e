import type { WatchlistResponse } from '@lotline/contracts';
import type { Database } from '@lotline/db';
import { eventLots, events, wishlists } from '@lotline/db/schema';
import { and, desc, eq } from 'drizzle-orm';
import { publicEventCondition, publicLotCondition } from '../lots/visibility';

/** A bound per kind; a person's watchlist is far below it. */
const MAX_LISTED = 500;

/**
 * The My Watchlist page: the user's watched event lots and events, newest
 * first, joined to the live rows. A lot the seller has since hidden, or an
 * event put back to draft, drops out (and comes back if it is shown again).
 */
export async function getWatchlist(db: Database, userId: string): Promise<WatchlistResponse> {
  const lots = await db
    .select({
      wishlistId: wishlists.id,
      _id: eventLots.id,
      mp2Id: eventLots.mp2Id,
      parentId: eventLots.parentId,
      number: eventLots.number,
      name: eventLots.name,
      status: eventLots.status,
      endedAt: eventLots.endedAt,
    })
    .from(wishlists)
    .innerJoin(eventLots, eq(eventLots.id, wishlists.documentId))
    .where(and(eq(wishlists.userId, userId), eq(wishlists.documentType, 'event-lot'), publicLotCondition()))
    .orderBy(desc(wishlists.createdAt), desc(wishlists.id))
    .limit(MAX_LISTED);
  const watchedEvents = await db
    .select({
      wishlistId: wishlists.id,
      _id: events.id,
      name: events.name,
      title: events.title,
      status: events.status,
      endAt: events.endAt,
    })
    .from(wishlists)
    .innerJoin(events, eq(events.id, wishlists.documentId))
    .where(and(eq(wishlists.userId, userId), eq(wishlists.documentType, 'event'), publicEventCondition()))
    .orderBy(desc(wishlists.createdAt), desc(wishlists.id))
    .limit(MAX_LISTED);
  return {
    eventLots: lots.map((l) => ({ ...l, endedAt: l.endedAt?.toISOString() ?? null })),
    events: watchedEvents.map((e) => ({ ...e, endAt: e.endAt.toISOString() })),
  };
}
