import { type ApiErrorItem, SELLER_EVENT_CODES } from '@lotline/contracts';
import type { Executor } from '@lotline/db';
import { eventLots } from '@lotline/db/schema';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { EventRow } from '../sellers/company-access';

/**
 * The per-lot part of the publish checks: each lot of the event (or only
 * `lotId`) has a photo, a category, its price and a location of this event.
 * Also run on every write to a published event's lot, so publishing cannot be
 * undone lot by lot (decision 0050).
 */
export async function lotProblems(
  tx: Executor,
  event: Pick<EventRow, 'id'>,
  lotId?: string,
): Promise<{ count: number; problems: ApiErrorItem[] }> {
  const problems: ApiErrorItem[] = [];
  const lots = await tx
    .select({
      number: eventLots.number,
      type: eventLots.type,
      categoryId: eventLots.productCategoryId,
      startingBid: eventLots.startingBid,
      buyItNowPrice: eventLots.buyItNowPrice,
      locationId: eventLots.dispositionLocationId,
      // A location of this event: the column alone does not say whose location it is.
      ownLocation: sql<boolean>`exists (select 1 from disposition_locations d
        where d.id = event_lots.disposition_location_id and d.event_id = ${event.id})`,
      // Spelled out: drizzle leaves a column of the outer table unqualified inside a subquery.
      hasPhoto: sql<boolean>`exists (select 1 from lot_photos p where p.lot_id = event_lots.id)`,
    })
    .from(eventLots)
    .where(and(eq(eventLots.eventId, event.id), lotId ? eq(eventLots.id, lotId) : undefined))
    .orderBy(asc(eventLots.sequence), asc(eventLots.number));
  for (const lot of lots) {
    const at = (field: string, message: string) =>
      problems.push({
        code: SELLER_EVENT_CODES.publishChecksFailed,
        field: `lots[${lot.number}].${field}`,
        message: `Lot ${lot.number} ${message}`,
      });
    if (!lot.hasPhoto) at('photos', 'has no photo.');
    if (lot.categoryId === null) at('category', 'has no category.');
    if (lot.type === 'BuyItNowItem' && lot.buyItNowPrice === null) at('buyItNowPrice', 'has no buy-it-now price.');
    if (lot.type === 'AuctionLot' && lot.startingBid === null) at('startingBid', 'has no starting bid.');
    if (lot.locationId === null) at('location', 'has no location.');
    else if (!lot.ownLocation) at('location', 'is at a location of another event: choose one of this event.');
  }
  return { count: lots.length, problems };
}
