import { currencyExponent, formatMoney } from '../format/money';

/**
 * A bidder types amounts in whole currency units ("1250", "1,250.00",
 * "$1,250"); the API takes integer minor units. The conversion is done on the
 * digits as text, never through a float, so "1250.10" is exactly 125010.
 */
export type ParsedAmount = { ok: true; amount: number } | { ok: false; message: string };

// Either plain digits or digits grouped by thousands, then at most a decimal part.
const PLAIN = /^(\d+)(?:\.(\d*))?$/;
const GROUPED = /^(\d{1,3}(?:,\d{3})+)(?:\.(\d*))?$/;

export function parseAmount(text: string, currency: string): ParsedAmount {
  const cleaned = text.trim().replace(/^\$\s*/, '');
  if (cleaned === '') return { ok: false, message: 'Enter an amount.' };
  const match = PLAIN.exec(cleaned) ?? GROUPED.exec(cleaned);
  if (!match) return { ok: false, message: 'Enter an amount in numbers, like 1,250 or 1250.00.' };
  const exponent = currencyExponent(currency);
  const whole = (match[1] as string).replaceAll(',', '');
  const fraction = match[2] ?? '';
  if (fraction.length > exponent) {
    return {
      ok: false,
      message: exponent === 0 ? 'Enter a whole amount.' : `Enter at most ${exponent} digits after the decimal point.`,
    };
  }
  const amount = Number(`${whole}${fraction.padEnd(exponent, '0')}`);
  if (!Number.isSafeInteger(amount)) return { ok: false, message: 'That amount is too large.' };
  if (amount === 0) return { ok: false, message: 'Enter an amount above zero.' };
  return { ok: true, amount };
}

/** Minor units back to what a person would type: "1250" or "1250.50" (no grouping, so it parses back). */
export function amountInputText(amount: number, currency: string): string {
  const exponent = currencyExponent(currency);
  const digits = String(amount).padStart(exponent + 1, '0');
  if (exponent === 0) return digits;
  const fraction = digits.slice(-exponent);
  return /^0+$/.test(fraction) ? digits.slice(0, -exponent) : `${digits.slice(0, -exponent)}.${fraction}`;
}

/** The refusal of BID_TOO_LOW, worded as the issue quotes it and the engine answers ("Your bid must be at least $1,250"). */
export const bidTooLowMessage = (minimum: number, currency: string) =>
  `Your bid must be at least ${formatMoney(minimum, currency)}`;

/** An optional amount field (a bid limit): empty is none; otherwise as `parseAmount` reads it. */
export function optionalAmount(
  value: string,
  currency: string,
): { ok: true; amount: number | null } | { ok: false; message: string } {
  if (value.trim() === '') return { ok: true, amount: null };
  return parseAmount(value, currency);
}
