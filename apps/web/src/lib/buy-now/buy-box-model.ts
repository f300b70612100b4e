import type { BuyNowState } from '@lotline/contracts';
import { priceOrder } from '@lotline/domain';
import { formatMoney } from '../format/money';

/**
 * What the buy box and its confirmation show (issue 15; decision 0045), pure.
 * The total of a quantity is `priceOrder` over the terms the API answered, the
 * rule the order is priced by, so the confirmation shows what the invoice will
 * say. With BUY_NOW_ALL_IN_PRICING off the API sends no terms and the
 * confirmation shows the price × quantity with a note instead.
 */

export const ALL_IN_NOTE = 'Includes buyer’s premium, fees and tax at the lot location’s rate.';
export const EXEMPT_NOTE = 'No tax: your tax exemption is active.';
export const PLAIN_NOTE = 'Buyer’s premium, fees and tax, if any, are added on your invoice.';

export interface ConfirmLine {
  label: string;
  text: string;
}

export interface Confirmation {
  lines: ConfirmLine[];
  total: ConfirmLine;
  note: string;
}

/** The quantity typed, or a message saying what is wrong (1 to `max` whole units). */
export function parseQuantity(raw: string, max: number): { quantity: number } | { problem: string } {
  const quantity = Number(raw.trim());
  if (!/^\d+$/.test(raw.trim()) || !Number.isSafeInteger(quantity) || quantity < 1 || quantity > max) {
    return { problem: max === 1 ? 'Only 1 unit is left: the quantity is 1.' : `Enter a quantity from 1 to ${max}.` };
  }
  return { quantity };
}

export function confirmation(state: BuyNowState, quantity: number): Confirmation {
  const money = (n: number) => formatMoney(n, state.currency);
  const units = `${quantity} × ${money(state.price)}`;
  if (!state.pricing) {
    const subtotal = state.price * quantity;
    return {
      lines: [{ label: units, text: money(subtotal) }],
      total: { label: 'Price', text: money(subtotal) },
      note: PLAIN_NOTE,
    };
  }
  const priced = priceOrder({
    lines: [{ unitPrice: state.price, quantity }],
    buyersPremiumBps: state.pricing.buyersPremiumBps,
    taxRatePercent: state.pricing.taxRatePercent,
    taxExempt: state.taxExempt,
    unitFees: state.pricing.unitFees,
  });
  const lines: ConfirmLine[] = [{ label: units, text: money(priced.subtotal) }];
  if (priced.buyersPremium > 0) lines.push({ label: 'Buyer’s premium', text: money(priced.buyersPremium) });
  for (const fee of priced.fees) lines.push({ label: FEE_LABELS[fee.kind], text: money(fee.amount) });
  lines.push({
    label: `Tax (${state.taxExempt ? 'exempt' : `${state.pricing.taxRatePercent}%`})`,
    text: money(priced.tax),
  });
  return {
    lines,
    total: { label: 'Total', text: money(priced.total) },
    note: state.taxExempt ? EXEMPT_NOTE : ALL_IN_NOTE,
  };
}

const FEE_LABELS = { rigging: 'Rigging', loading: 'Loading', shipping: 'Shipping' } as const;

/** "3 units left" / "1 unit left" / "Sold out". */
export function unitsLeftText(quantity: number): string {
  if (quantity <= 0) return 'Sold out';
  return `${quantity} ${quantity === 1 ? 'unit' : 'units'} left`;
}
