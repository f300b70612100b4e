import { type ApiErrorItem, SELLER_EVENT_CODES } from '@lotline/contracts';
import type { Executor } from '@lotline/db';
import { dispositionLocations, eventLots } from '@lotline/db/schema';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { EventRow } from '../sellers/company-access';

/**
 * The checks before an event is published (issue 16), every failing one at
 * once so the seller fixes them in one pass: the event has lots and a
 * location, its start and end are in the future (database clock), the end after the start,
 * and every lot has a photo, a category, a price (a buy-it-now price for
 * BuyItNowItem, a starting bid for AuctionLot; a tender needs none) and a
 * location of this event. Each problem names the lot by number (`lots[<number>].<field>`).
 */
export async function publishProblems(tx: Executor, event: EventRow, now: Date): Promise<ApiErrorItem[]> {
  const problems: ApiErrorItem[] = [];
  const problem = (field: string, message: string) =>
    problems.push({ code: SELLER_EVENT_CODES.publishChecksFailed, field, message });

  const lots = await lotProblems(tx, event);
  const [locations] = await tx
    .select({ n: count() })
    .from(dispositionLocations)
    .where(eq(dispositionLocations.eventId, event.id));

  if (lots.count === 0) problem('lots', 'The event has no lots: add at least one.');
  if (event.startAt.getTime() <= now.getTime()) problem('startAt', 'The start has passed: move it into the future.');
  if (event.endAt.getTime() <= now.getTime()) problem('endAt', 'The end has passed: move it into the future.');
  if (event.endAt.getTime() <= event.startAt.getTime()) problem('endAt', 'The end must be after the start.');
  if ((locations?.n ?? 0) === 0) problem('locations', 'The event has no location: add at least one.');

  problems.push(...lots.problems);
  return problems;
}

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
