import type { EventLotStatus, LotOutcome, LotType, OrderSource } from '@lotline/contracts';
import { isOpenOrUpcoming, isSold, LOT_STATUS } from '@lotline/domain';

/**
 * What became of a lot, for the seller's results (decision 0053). A row with
 * an order says how the sale was made (its source), whatever the order's
 * payment status; a lot without one is read from its status, type, bids and
 * reserve.
 */
export interface OutcomeFacts {
  type: LotType;
  status: EventLotStatus;
  bidsCount: number;
  reserveMet: boolean | null;
  /** The order's source, or null when the row has no order. */
  source: OrderSource | null;
}

const BY_SOURCE: Record<OrderSource, LotOutcome> = {
  auction: 'sold',
  'buy-now': 'bought-now',
  offer: 'offer-accepted',
  tender: 'tender-awarded',
};

export function lotOutcome(f: OutcomeFacts): LotOutcome {
  if (f.source) return BY_SOURCE[f.source];
  if (isOpenOrUpcoming(f.status)) return 'open';
  // Sold before its order exists (the close and the order are one transaction; older data may lack one).
  if (isSold(f.status)) return f.type === 'TenderLot' ? 'tender-awarded' : 'sold';
  if (f.type === 'AuctionLot') {
    if (f.reserveMet === false && f.bidsCount > 0) return 'reserve-not-met';
    return f.bidsCount === 0 ? 'passed' : 'unsold';
  }
  if (f.type === 'TenderLot' && f.status === LOT_STATUS.Ended) return 'awaiting-award';
  return 'unsold';
}

/** A sale the totals count as sold (an order, or a sold status). */
export const SOLD_OUTCOMES: readonly LotOutcome[] = ['sold', 'bought-now', 'offer-accepted', 'tender-awarded'];
/** Closed without a sale. */
export const UNSOLD_OUTCOMES: readonly LotOutcome[] = ['reserve-not-met', 'passed', 'unsold'];
