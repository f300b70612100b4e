/**
 * What a suspended seller's pages say (decision 0089). The API answers `viewOnly` on the lot and the event and
 * refuses every buyer action on them (decision 0076); the pages say so instead of offering the actions. The
 * words stay neutral: buyers learn that nothing is taken, not why the marketplace stopped the seller.
 */
export const VIEW_ONLY_LOT_TEXT = 'This lot is view-only for now: it takes no bids, purchases, offers or tenders.';

export const VIEW_ONLY_EVENT_TEXT =
  'This event is view-only for now: its lots take no registrations, bids, purchases, offers or tenders.';
