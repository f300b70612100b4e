import { eventLots } from '@lotline/db/schema';

/**
 * The lot's fees and who pays each (rigging, loading, shipping), as every read that prices an order selects
 * them: the order itself, the buy box, the lot card's all-in price and the bidding terms (`buyerFees` in
 * `@lotline/domain` keeps the buyer's). Frozen once a buyer commits (decision 0060).
 */
export const lotFeeColumns = {
  riggingCost: eventLots.riggingCost,
  riggingParty: eventLots.riggingParty,
  loadingCost: eventLots.loadingCost,
  loadingParty: eventLots.loadingParty,
  shippingCost: eventLots.shippingCost,
  shippingParty: eventLots.shippingParty,
};
