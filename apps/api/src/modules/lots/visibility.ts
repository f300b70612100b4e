import { PUBLIC_EVENT_STATUSES } from '@lotline/contracts';
import { eventLots, events, lotSearch } from '@lotline/db/schema';
import { notUpcomingStatusSql, overSql } from '@lotline/domain/lot-lifecycle-sql';
import { and, eq, gt, gte, inArray, isNull, ne, not, or, type SQL, type SQLWrapper, sql } from 'drizzle-orm';

/**
 * Visibility (spec §5): which lots and events a buyer may see, written once.
 * Everything that lists, counts or opens lots or events for buyers asks this
 * file; pick the function by the question:
 * - may a buyer open this event? `publicEventCondition` (event page, watchlist,
 *   bidder terms, sitemap);
 * - may a buyer open or watch this lot (public)? `publicLotCondition` (lot page,
 *   event lots, recently viewed, watchlist, sitemap);
 * - is the lot counted in a category's or an event's totals (listed)?
 *   `listedLotCondition` over `event_lots`, `listedLotSearchCondition` over the
 *   search projection or the count table;
 * - is the lot in the browse page's rows (fillers, fallbacks, similar)?
 *   `browseRowLotCondition`;
 * - is the lot in search results and their counts (visible in search)?
 *   `visibleLotSearchCondition` over the search projection.
 * Under all of them: a draft event is the seller's alone (spec §3), so neither
 * it nor its lots are shown.
 */

/** The event status only the seller ever sees (spec §3). */
const DRAFT = 'draft';

/** A buyer may open the event: any event but one the seller is still drafting. */
export function publicEventCondition(): SQL {
  return ne(events.status, DRAFT);
}

/** The lot's columns `publicLotCondition` reads; another alias of `event_lots` passes its own. */
export interface PublicLotColumns {
  hidden: SQLWrapper;
  eventId: SQLWrapper;
}

const eventLotsRow: PublicLotColumns = { hidden: eventLots.hiddenFromMarketplace, eventId: eventLots.eventId };

/**
 * A buyer may see the lot at all: not hidden by the seller (spec §5), and not in
 * an event the seller is still drafting (spec §3: 'draft' is only ever seen by
 * the seller). Lots with no event are allowed (spec §5).
 */
export function publicLotCondition(lot: PublicLotColumns = eventLotsRow): SQL {
  const inDraftEvent = sql`exists (select 1 from ${events} where ${events.id} = ${lot.eventId} and ${events.status} = ${DRAFT})`;
  return and(eq(lot.hidden, false), not(inDraftEvent)) as SQL;
}

/**
 * In the browse page's rows (fillers, fallbacks, similar lots): public, and
 * not in a private-sale event (spec §5; lots with no event allowed).
 */
export function browseRowLotCondition(): SQL {
  const inPrivateSale = sql`exists (select 1 from ${events} where ${events.id} = ${eventLots.eventId} and ${events.privateSale})`;
  return and(publicLotCondition(), sql`not ${inPrivateSale}`) as SQL;
}

/** A lot is over when its status says so or its end time has passed (the lifecycle's isOver). */
export function lotEndedCondition(now: Date = new Date()): SQL {
  return overSql(eventLots, now);
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
 * listedLotCondition over the search projection's columns (or another relation
 * with them, `LotSearchRow`): not hidden, not in a draft event, and available or over.
 */
export function listedLotSearchCondition(now: Date, row: LotSearchRow): SQL {
  return and(
    eq(row.hidden, false),
    or(isNull(row.eventStatus), ne(row.eventStatus, DRAFT)),
    or(gte(row.quantity, 1), overSql(row, now)),
  ) as SQL;
}

/**
 * The columns the search filters read, as SQL: the projection's own columns
 * (`lotSearchRow`), or the same columns of another relation with the same
 * meaning (the count table's keyed rows, see search/lot-counts.ts).
 */
export interface LotSearchRow {
  hidden: SQLWrapper;
  quantity: SQLWrapper;
  status: SQLWrapper;
  type: SQLWrapper;
  /** Null exactly when the lot has no event (the projection copies it from the event). */
  eventStatus: SQLWrapper;
  privateSale: SQLWrapper;
  endedAt: SQLWrapper;
  startAt: SQLWrapper;
  categoryId: SQLWrapper;
  brandUniqueName: SQLWrapper;
}

export const lotSearchRow: LotSearchRow = lotSearch;

/**
 * Spec §5's visibility of a lot in search, over the search projection (whose
 * event columns are copied from the lot's event by triggers):
 * - not hidden from the marketplace;
 * - quantity ≥ 1 unless the lot is over;
 * - in a view-only, published or finalized event, or a buy-it-now item that is
 *   not Pending, or in no event at all (allowed);
 * - not in a private-sale event unless private sales are allowed.
 */
export function visibleLotSearchCondition(now: Date, allowPrivateSales: boolean, row = lotSearchRow): SQL {
  const conditions = [
    eq(row.hidden, false),
    or(gte(row.quantity, 1), overSql(row, now)),
    or(
      isNull(row.eventStatus),
      inArray(row.eventStatus, [...PUBLIC_EVENT_STATUSES]),
      and(eq(row.type, 'BuyItNowItem'), notUpcomingStatusSql(row)),
    ),
  ];
  if (!allowPrivateSales) conditions.push(eq(row.privateSale, false));
  return and(...conditions) as SQL;
}
