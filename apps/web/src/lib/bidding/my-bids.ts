import { BIDDING_STATUSES, type BiddingStatus } from '@lotline/contracts/enums';
import { firstValue, type RawSearchParams } from '../browse/search-params';
import { STATUS_LABELS } from './status-text';

/**
 * My Bids' filter (`?status=`): every status a bid can have (not
 * "not-participated": a lot without the user's bid is not in the list), and
 * "All" first. An unknown value shows all, so a stale link still renders.
 */
export const MY_BIDS_FILTERS: { status: BiddingStatus | null; label: string }[] = [
  { status: null, label: 'All' },
  ...(['winning', 'outbid', 'reserve-not-met', 'bid-placed', 'won', 'lost', 'bidded'] as const).map((status) => ({
    status,
    label: STATUS_LABELS[status],
  })),
];

export function parseMyBidsStatus(raw: RawSearchParams): BiddingStatus | null {
  const value = firstValue(raw.status);
  return (BIDDING_STATUSES as readonly string[]).includes(value ?? '') && value !== 'not-participated'
    ? (value as BiddingStatus)
    : null;
}
