import type { PaymentMethod } from '@lotline/contracts';
import { CARD_BRAND_LABELS } from '@lotline/contracts/constants';

/** "Visa ending 4242". */
export function cardLabel(card: Pick<PaymentMethod, 'brand' | 'last4'>): string {
  return `${CARD_BRAND_LABELS[card.brand] ?? 'Card'} ending ${card.last4}`;
}

/** "12/2034". */
export function cardExpiry(card: Pick<PaymentMethod, 'expMonth' | 'expYear'>): string {
  return `${String(card.expMonth).padStart(2, '0')}/${card.expYear}`;
}
