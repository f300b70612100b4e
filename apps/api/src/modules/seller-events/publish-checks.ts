import { type ApiErrorItem, SELLER_EVENT_CODES } from '@lotline/contracts';
import type { Executor } from '@lotline/db';
import { dispositionLocations } from '@lotline/db/schema';
import { count, eq } from 'drizzle-orm';
import { lotProblems } from '../seller-lots/lot-problems';
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
