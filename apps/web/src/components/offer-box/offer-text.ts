import type { OfferStatus, OfferView } from '@lotline/contracts';
import { formatMoney } from '../../lib/format/money';

/** How an offer reads on the lot page, the buyer's and the seller's offer lists (decision 0046). */

export const OFFER_STATUS_TEXT: Record<OfferStatus, string> = {
  pending: 'Waiting for the seller',
  countered: 'Countered by the seller',
  accepted: 'Accepted',
  declined: 'Declined',
  expired: 'Expired',
  withdrawn: 'Withdrawn',
};

/** "$800.00" or "$800.00 each × 2". */
export function offerAmountText(offer: Pick<OfferView, 'amount' | 'quantity' | 'currency'>, amount = offer.amount) {
  const each = formatMoney(amount, offer.currency);
  return offer.quantity === 1 ? each : `${each} each × ${offer.quantity}`;
}

/** Whether the offer can still be answered (its effective status, as the API reads it). */
export const isOpenOffer = (offer: Pick<OfferView, 'status'>) =>
  offer.status === 'pending' || offer.status === 'countered';
