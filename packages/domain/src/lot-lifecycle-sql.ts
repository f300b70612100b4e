import { and, eq, gt, inArray, isNull, lte, ne, or, type SQL, type SQLWrapper } from 'drizzle-orm';
import { LOT_STATUS, PAST_STATUSES, SOLD_VIEW_STATUSES } from './lot-lifecycle';

/**
 * The lifecycle's predicates as SQL conditions, over column wrappers so the
 * same condition reads `event_lots`, the `lot_search` projection or the count
 * table (a separate entry so the web never bundles drizzle). Each one answers
 * exactly as its namesake in lot-lifecycle.ts; `now` is the caller's instant.
 */
export interface LotStatusColumns {
  status: SQLWrapper;
  endedAt: SQLWrapper;
}

export interface LotScheduleColumns extends LotStatusColumns {
  startAt: SQLWrapper;
}

/** isPast: the close is recorded (status only). */
export const pastSql = (row: LotStatusColumns): SQL => inArray(row.status, [...PAST_STATUSES]);

/** The sold-only past view (spec §5). */
export const soldViewSql = (row: LotStatusColumns): SQL => inArray(row.status, [...SOLD_VIEW_STATUSES]);

/** isOver: the close is recorded or the end time has passed. */
export const overSql = (row: LotStatusColumns, now: Date): SQL => or(pastSql(row), lte(row.endedAt, now)) as SQL;

/** isUpcoming by status alone. */
export const upcomingStatusSql = (row: LotStatusColumns): SQL => eq(row.status, LOT_STATUS.Pending);

/** Left Pending: opened, or further on. */
export const notUpcomingStatusSql = (row: LotStatusColumns): SQL => ne(row.status, LOT_STATUS.Pending);

/** Not yet open: Pending with a start in the future (the upcoming view). */
export const upcomingSql = (row: LotScheduleColumns, now: Date): SQL =>
  and(upcomingStatusSql(row), gt(row.startAt, now)) as SQL;

/**
 * isOpenNow as two disjoint branches whose OR is the condition: ending later,
 * or open-ended (no end time, e.g. a buy-now listing). Each is an index range
 * on (status, ended_at), so a page can be read branch by branch in end order.
 */
export function openNowBranchesSql(row: LotScheduleColumns, now: Date): [SQL, SQL] {
  const started = or(isNull(row.startAt), lte(row.startAt, now));
  const active = eq(row.status, LOT_STATUS.Active);
  return [and(active, gt(row.endedAt, now), started) as SQL, and(active, isNull(row.endedAt), started) as SQL];
}

/** isBiddable: open now and in stock. */
export function biddableSql(row: LotScheduleColumns & { quantity: SQLWrapper }, now: Date): SQL {
  return and(
    eq(row.status, LOT_STATUS.Active),
    gt(row.quantity, 0),
    or(isNull(row.endedAt), gt(row.endedAt, now)),
    or(isNull(row.startAt), lte(row.startAt, now)),
  ) as SQL;
}
