import { describe, expect, it } from 'vitest';
import { formatMoney, minorUnitsToDecimal } from './money';

describe('formatMoney', () => {
  it('formats integer cents in the given currency', () => {
    expect(formatMoney(1250050, 'USD')).toBe('$12,500.50');
    expect(formatMoney(1250000, 'USD')).toBe('$12,500');
    expect(formatMoney(5, 'USD')).toBe('$0.05');
  });
  it('uses the currency exponent', () => {
    expect(formatMoney(1000, 'JPY')).toBe('¥1,000');
    // Intl separates a code from the amount with a no-break space.
    expect(formatMoney(1500, 'KWD')).toBe('KWD\u00a01.500');
  });
  it('distinguishes other dollars', () => {
    expect(formatMoney(100, 'CAD')).toBe('CA$1');
  });
});

describe('minorUnitsToDecimal', () => {
  it('writes minor units as a decimal string in the currency exponent', () => {
    expect(minorUnitsToDecimal(123450, 'USD')).toBe('1234.50');
    expect(minorUnitsToDecimal(5, 'USD')).toBe('0.05');
    expect(minorUnitsToDecimal(0, 'CAD')).toBe('0.00');
    expect(minorUnitsToDecimal(1000, 'JPY')).toBe('1000');
    expect(minorUnitsToDecimal(1500, 'KWD')).toBe('1.500');
    expect(minorUnitsToDecimal(-250, 'EUR')).toBe('-2.50');
  });
});
