import { MAX_ORDER_AMOUNT } from '@lotline/contracts';
import { AppError } from '../../lib/errors';

/**
 * Every amount a request names is at most MAX_AMOUNT and every quantity bounded (contracts), but a unit price
 * times a quantity can still pass what an order may come to, and past 2^53 no longer be exact money (decision
 * 0069). Refused as bad input (400, the field named) before anything is written, never a 500 from the pricing.
 */
export function requireOrderFits(perUnit: number, quantity: number, field: 'quantity' | 'amount' = 'quantity'): void {
  if (perUnit * quantity <= MAX_ORDER_AMOUNT) return;
  const most = Math.max(0, Math.floor(MAX_ORDER_AMOUNT / perUnit));
  const message =
    field === 'quantity'
      ? `That many units come to more than one order may hold: at most ${most} at this price.`
      : 'That amount for this many units comes to more than one order may hold.';
  throw AppError.validation(message, field);
}
