import { describe, expect, it } from 'vitest';
import { cardBrand, checkCard, DECLINED_MESSAGE, luhnValid, parseExpiry } from './cards';

const NOW = new Date('2026-11-22T03:00:00Z');
const GOOD = { number: '4242 4242 4242 4242', expiry: '11 / 26', cvc: '123', name: 'Pat Buyer' };

describe('the sandbox card checks', () => {
  it('knows Luhn and the brands', () => {
    expect(luhnValid('4242424242424242')).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(cardBrand('4242424242424242')).toBe('visa');
    expect(cardBrand('5555555555554444')).toBe('mastercard');
    expect(cardBrand('2223003122003222')).toBe('mastercard');
    expect(cardBrand('378282246310005')).toBe('amex');
    expect(cardBrand('6011111111111117')).toBe('discover');
    expect(cardBrand('9999999999999995')).toBe('unknown');
  });

  it('reads MM / YY, MM/YY, MMYY and MM/YYYY', () => {
    expect(parseExpiry('04 / 29')).toEqual({ month: 4, year: 2029 });
    expect(parseExpiry('4/29')).toEqual({ month: 4, year: 2029 });
    expect(parseExpiry('0429')).toEqual({ month: 4, year: 2029 });
    expect(parseExpiry('04/2029')).toEqual({ month: 4, year: 2029 });
    expect(parseExpiry('April')).toBeNull();
  });

  it('accepts a card expiring this month and keeps only brand, last4, expiry and name', () => {
    expect(checkCard(GOOD, NOW)).toEqual({
      ok: true,
      card: { brand: 'visa', last4: '4242', expMonth: 11, expYear: 2026, holderName: 'Pat Buyer', behaviour: 'ok' },
    });
  });

  it("declines Stripe's declined test card and marks the one whose charges fail", () => {
    expect(checkCard({ ...GOOD, number: '4000000000000002' }, NOW)).toEqual({ ok: false, declined: DECLINED_MESSAGE });
    const charges = checkCard({ ...GOOD, number: '4000 0000 0000 0341' }, NOW);
    expect(charges.ok && charges.card.behaviour).toBe('decline-charges');
  });

  it('wants a 4-digit security code for American Express and refuses unknown brands', () => {
    const amex = { ...GOOD, number: '3782 822463 10005' };
    expect(checkCard({ ...amex, cvc: '123' }, NOW)).toEqual({
      ok: false,
      errors: { cvc: "Your card's security code is incomplete." },
    });
    expect(checkCard({ ...amex, cvc: '1234' }, NOW).ok).toBe(true);
    const unknown = checkCard({ ...GOOD, number: '9999 9999 9999 9995' }, NOW);
    expect(unknown.ok === false && 'errors' in unknown && unknown.errors.number).toMatch(/not supported/);
  });

  it('reports every problem at once', () => {
    expect(checkCard({ number: '4242', expiry: '10 / 26', cvc: '', name: '' }, NOW)).toEqual({
      ok: false,
      errors: {
        number: 'Your card number is incomplete.',
        expiry: "Your card's expiration date is in the past.",
        cvc: "Enter your card's security code.",
        name: 'Enter the name on your card.',
      },
    });
  });
});
