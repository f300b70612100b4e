/**
 * The sandbox provider's card checks, with Stripe's test cards and messages
 * (decision 0015). Pure functions: the page and the unit tests call them.
 */

export const DECLINED_MESSAGE = 'Your card was declined.';

export interface CardInput {
  number: string;
  expiry: string;
  cvc: string;
  name: string;
}

export type CardField = keyof CardInput;

export interface CheckedCard {
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  holderName: string;
  /** How the test card behaves later: `decline-charges` saves fine but refuses every hold. */
  behaviour: 'ok' | 'decline-charges';
}

export type CardCheck =
  | { ok: true; card: CheckedCard }
  | { ok: false; errors: Partial<Record<CardField, string>> }
  | { ok: false; declined: string };

/** Stripe's test numbers with a special outcome. Any other valid number of a known brand is accepted. */
const DECLINED_AT_SETUP = new Set(['4000000000000002']);
const DECLINE_CHARGES = new Set(['4000000000000341']);

export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export function cardBrand(digits: string): string {
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|222[1-9]|22[3-9]\d|2[3-6]\d\d|27[01]\d|2720)/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^(6011|65|64[4-9])/.test(digits)) return 'discover';
  return 'unknown';
}

const LENGTH: Record<string, number[]> = { visa: [13, 16, 19], mastercard: [16], amex: [15], discover: [16, 19] };

/** "MM / YY", "MM/YY", "MMYY" or "MM/YYYY". */
export function parseExpiry(raw: string): { month: number; year: number } | null {
  const m = raw.replace(/\s/g, '').match(/^(\d{1,2})\/?(\d{2}|\d{4})$/);
  if (!m?.[1] || !m[2]) return null;
  const year = m[2].length === 2 ? 2000 + Number(m[2]) : Number(m[2]);
  return { month: Number(m[1]), year };
}

/** Checks what the person typed on the provider page; `now` decides whether the expiry has passed (UTC). */
export function checkCard(input: CardInput, now: Date): CardCheck {
  const errors: Partial<Record<CardField, string>> = {};
  const digits = input.number.replace(/[\s-]/g, '');
  const brand = cardBrand(digits);
  if (digits === '') errors.number = 'Enter your card number.';
  else if (!/^\d+$/.test(digits)) errors.number = 'Your card number is invalid.';
  else if (digits.length < 12 || (LENGTH[brand] && digits.length < Math.min(...(LENGTH[brand] ?? []))))
    errors.number = 'Your card number is incomplete.';
  else if (!luhnValid(digits) || digits.length > 19) errors.number = 'Your card number is invalid.';
  else if (brand === 'unknown')
    errors.number = 'Your card is not supported. Use Visa, Mastercard, American Express or Discover.';

  const expiry = parseExpiry(input.expiry);
  if (input.expiry.trim() === '') errors.expiry = "Enter your card's expiration date.";
  else if (!expiry) errors.expiry = "Your card's expiration date is incomplete.";
  else if (expiry.month < 1 || expiry.month > 12) errors.expiry = "Your card's expiration date is invalid.";
  else {
    const thisMonth = now.getUTCFullYear() * 12 + now.getUTCMonth();
    const cardMonth = expiry.year * 12 + (expiry.month - 1);
    if (cardMonth < thisMonth) errors.expiry = "Your card's expiration date is in the past.";
    else if (expiry.year > now.getUTCFullYear() + 50) errors.expiry = "Your card's expiration year is invalid.";
  }

  const cvcLength = brand === 'amex' ? 4 : 3;
  const cvc = input.cvc.trim();
  if (cvc === '') errors.cvc = "Enter your card's security code.";
  else if (!/^\d+$/.test(cvc) || cvc.length !== cvcLength) errors.cvc = "Your card's security code is incomplete.";

  const name = input.name.trim();
  if (name === '') errors.name = 'Enter the name on your card.';
  else if (name.length > 100) errors.name = 'The name on the card can be at most 100 characters.';

  if (Object.keys(errors).length > 0 || !expiry) return { ok: false, errors };
  if (DECLINED_AT_SETUP.has(digits)) return { ok: false, declined: DECLINED_MESSAGE };
  return {
    ok: true,
    card: {
      brand,
      last4: digits.slice(-4),
      expMonth: expiry.month,
      expYear: expiry.year,
      holderName: name,
      behaviour: DECLINE_CHARGES.has(digits) ? 'decline-charges' : 'ok',
    },
  };
}
