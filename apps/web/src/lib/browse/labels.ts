import type { GeoDistance, SearchSort, SearchStatus } from '@lotline/contracts';
import type { EndingDate, SaleFormat, TabId } from './state';

/** The words the browse page shows for each URL value. */
export const TAB_LABELS: Record<TabId, string> = {
  all: 'All',
  auction: 'Auction Lots',
  'buy-now': 'Buy Now',
  tender: 'Tender',
  events: 'Events',
};
export const SALE_FORMAT_LABELS: Record<SaleFormat, string> = {
  auction: 'Auction',
  'buy-now': 'Buy Now',
  tender: 'Tender',
};
export const STATUS_LABELS: Record<SearchStatus, string> = {
  'active-and-upcoming': 'Active & Upcoming',
  active: 'Active',
  upcoming: 'Upcoming',
  past: 'Past',
};
export const ENDING_DATE_LABELS: Record<EndingDate, string> = {
  '48-hours': 'Next 48 hours',
  'this-week': 'This week',
};
export const SORT_LABELS: Record<SearchSort, string> = {
  'ending-soon': 'Ending Soon',
  recent: 'Most Recent',
  sequence: 'Lot Sequence',
  'near-me': 'Near Me',
};
export const DISTANCE_LABELS: Record<GeoDistance, string> = { '100mi': '100mi', '500mi': '500mi', '1000mi': '1000mi' };
