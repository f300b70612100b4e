import { describe, expect, it } from 'vitest';
import { amountInputText, bidTooLowMessage, optionalAmount, parseAmount } from './amount';

const ok = (amount: number) => ({ ok: true, amount });

describe('parseAmount', () => {
  it('reads whole currency units as minor units', () => {
    expect(parseAmount('1250', 'USD')).toEqual(ok(125_000));
    expect(parseAmount('1,250', 'USD')).toEqual(ok(125_000));
    expect(parseAmount('1,250.00', 'USD')).toEqual(ok(125_000));
    expect(parseAmount(' $1,250.5 ', 'USD')).toEqual(ok(125_050));
    expect(parseAmount('1250.', 'USD')).toEqual(ok(125_000));
    expect(parseAmount('1,000,000', 'CAD')).toEqual(ok(100_000_000));
  });

  it('converts without float error', () => {
    // 0.1 + 0.2 and 1.15 * 100 are the classic float traps.
    expect(parseAmount('0.30', 'USD')).toEqual(ok(30));
    expect(parseAmount('1.15', 'USD')).toEqual(ok(115));
    expect(parseAmount('4.35', 'USD')).toEqual(ok(435));
    expect(parseAmount('1250.10', 'USD')).toEqual(ok(125_010));
  });

  it('follows the currency exponent', () => {
    expect(parseAmount('1000', 'JPY')).toEqual(ok(1000));
    expect(parseAmount('1000.5', 'JPY')).toEqual({ ok: false, message: 'Enter a whole amount.' });
  });

  it('refuses what is not an amount, with a message', () => {
    expect(parseAmount('', 'USD')).toEqual({ ok: false, message: 'Enter an amount.' });
    expect(parseAmount('   ', 'USD')).toEqual({ ok: false, message: 'Enter an amount.' });
    for (const text of ['abc', '-5', '1e3', '12,50', '1,2500', '1.2.3', '1 250', '0x10', '١٢٣']) {
      expect(parseAmount(text, 'USD'), text).toEqual({
        ok: false,
        message: 'Enter an amount in numbers, like 1,250 or 1250.00.',
      });
    }
    expect(parseAmount('12.345', 'USD')).toEqual({
      ok: false,
      message: 'Enter at most 2 digits after the decimal point.',
    });
    expect(parseAmount('0', 'USD')).toEqual({ ok: false, message: 'Enter an amount above zero.' });
    expect(parseAmount('0.00', 'USD')).toEqual({ ok: false, message: 'Enter an amount above zero.' });
    expect(parseAmount('99999999999999999', 'USD')).toEqual({ ok: false, message: 'That amount is too large.' });
  });
});

describe('amountInputText', () => {
  it('writes minor units back as a person types them, and they parse back', () => {
    expect(amountInputText(125_000, 'USD')).toBe('1250');
    expect(amountInputText(125_050, 'USD')).toBe('1250.50');
    expect(amountInputText(5, 'USD')).toBe('0.05');
    expect(amountInputText(1000, 'JPY')).toBe('1000');
    for (const amount of [1, 99, 100, 125_050, 1_000_000_000]) {
      expect(parseAmount(amountInputText(amount, 'USD'), 'USD')).toEqual(ok(amount));
    }
  });
});

describe('bidTooLowMessage', () => {
  it('names the minimum as the issue words it', () => {
    expect(bidTooLowMessage(125_000, 'USD')).toBe('Your bid must be at least $1,250');
  });
});

describe('optionalAmount (a bid limit field)', () => {
  it('is none when empty, else minor units as parseAmount reads them, with its message when unreadable', () => {
    expect(optionalAmount('  ', 'USD')).toEqual({ ok: true, amount: null });
    expect(optionalAmount('5,000', 'USD')).toEqual({ ok: true, amount: 500_000 });
    expect(optionalAmount('lots', 'USD')).toEqual({
      ok: false,
      message: 'Enter an amount in numbers, like 1,250 or 1250.00.',
    });
  });
});
