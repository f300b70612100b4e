import type { BiddingStatus } from '@lotline/contracts';
import { LOT_STATUS, SOLD_STATUSES } from '@lotline/domain';
import { pastSql } from '@lotline/domain/lot-lifecycle-sql';
import { inArray, type SQL, type SQLWrapper, sql } from 'drizzle-orm';

/** The lot's columns the status reads (`event_lots`). */
export interface BiddingStatusLotColumns {
  type: SQLWrapper;
  status: SQLWrapper;
  endedAt: SQLWrapper;
  reserveMet: SQLWrapper;
}

/** The user's side, as SQL booleans: has a bid on the lot (a `lot_bidders` row), and is its leader. */
export interface BiddingStatusUserFacts {
  participated: SQLWrapper;
  leads: SQLWrapper;
}

/** isOver (the lifecycle) over an SQL `now`: the close is recorded, or the end time has passed (a null end never has). */
export const lotOverSql = (lot: Pick<BiddingStatusLotColumns, 'status' | 'endedAt'>, now: SQL): SQL =>
  sql`(${pastSql(lot)} or coalesce(${lot.endedAt} <= ${now}, false))`;

/**
 * `biddingStatus` of `@lotline/domain` (BIDDING §4) as one SQL expression, so
 * My Bids can filter, count and page by status in the database. It must read
 * exactly as the TypeScript rule: `bidding-status-sql.test.ts` compares both on
 * every status × type × end × reserve × participation × lead.
 * `now` is the database clock (`now()`), never the process's.
 */
export function biddingStatusSql(
  lot: BiddingStatusLotColumns,
  user: BiddingStatusUserFacts,
  now: SQL,
): SQL<BiddingStatus> {
  const participated = sql`coalesce(${user.participated}, false)`;
  const leads = sql`coalesce(${user.leads}, false)`;
  const over = lotOverSql(lot, now);
  const reserveNotMet = sql`${lot.reserveMet} is false`;
  const sold = inArray(lot.status, [...SOLD_STATUSES]);
  return sql<BiddingStatus>`(case
    when not ${participated} then 'not-participated'
    when ${over} then (case
      when ${sold} then (case when ${leads} then 'won' else 'lost' end)
      when ${lot.status} = ${LOT_STATUS.Unsold} then
        (case when ${leads} and ${reserveNotMet} then 'reserve-not-met' else 'lost' end)
      when ${lot.type} <> 'TenderLot' and not ${leads} then 'lost'
      else 'bidded' end)
    when ${lot.type} = 'TenderLot' then 'bid-placed'
    when not ${leads} then 'outbid'
    when ${reserveNotMet} then 'reserve-not-met'
    else 'winning'
  end)`;
}
