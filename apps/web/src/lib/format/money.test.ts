import { describe, expect, it } from 'vitest';
import { formatMoney } from './money';

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
