import { PUBLIC_EVENT_STATUSES } from '@lotline/contracts';
import { eventLots, events, lotSearch } from '@lotline/db/schema';
import { and, eq, gt, gte, inArray, isNull, lte, ne, not, or, type SQL, sql } from 'drizzle-orm';

/**
 * Which lots the public marketplace may show, written once (spec §5). The
 * search work refines this (private sales, buy-now visibility, windows);
 * everything that lists or counts lots for buyers should ask this file.
 */

/** Statuses after which a lot is over, whatever its end date says. */
export const PAST_STATUSES = ['Ended', 'Sold', 'Unsold', 'OrderPending', 'OrderPaid', 'OrderCancelled'] as const;

/**
 * A buyer may see the lot at all: not hidden by the seller (spec §5), and not in
 * an event the seller is still drafting (spec §3: 'draft' is only ever seen by
 * the seller). Lots with no event are allowed (spec §5).
 */
export function publicLotCondition(): SQL {
  const inDraftEvent = sql`exists (select 1 from ${events} where ${events.id} = ${eventLots.eventId} and ${events.status} = 'draft')`;
  return and(eq(eventLots.hiddenFromMarketplace, false), not(inDraftEvent)) as SQL;
}

/** A lot is over when its status says so or its end time has passed. */
export function lotEndedCondition(now: Date = new Date()): SQL {
  return or(inArray(eventLots.status, [...PAST_STATUSES]), lte(eventLots.endedAt, now)) as SQL;
}

/**
 * Counted in a category's totalDocCount: publicly visible, and either still
 * available (quantity ≥ 1) or already over (spec §5: "a lot with quantity below
 * 1 that is not ended is excluded").
 */
export function listedLotCondition(now: Date = new Date()): SQL {
  return and(publicLotCondition(), or(gt(eventLots.quantity, 0), lotEndedCondition(now))) as SQL;
}

/**
 * Spec §5's visibility of a lot in search, over the search projection (whose
 * event columns are copied from the lot's event by triggers):
 * - not hidden from the marketplace;
 * - quantity ≥ 1 unless the lot is over;
 * - in a view-only, published or finalized event, or a buy-it-now item that is
 *   not Pending, or in no event at all (allowed);
 * - not in a private-sale event unless private sales are allowed.
 */
export function visibleLotSearchCondition(now: Date, allowPrivateSales: boolean): SQL {
  const over = or(inArray(lotSearch.status, [...PAST_STATUSES]), lte(lotSearch.endedAt, now));
  const conditions = [
    eq(lotSearch.hidden, false),
    or(gte(lotSearch.quantity, 1), over),
    or(
      isNull(lotSearch.eventId),
      inArray(lotSearch.eventStatus, [...PUBLIC_EVENT_STATUSES]),
      and(eq(lotSearch.type, 'BuyItNowItem'), ne(lotSearch.status, 'Pending')),
    ),
  ];
  if (!allowPrivateSales) conditions.push(eq(lotSearch.privateSale, false));
  return and(...conditions) as SQL;
}
