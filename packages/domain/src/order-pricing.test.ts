import { describe, expect, it } from 'vitest';
import { addBusinessDays, allInPrice, buyerFees, mulDivRound, priceOrder } from './order-pricing';

const none = {
  riggingCost: null,
  riggingParty: null,
  loadingCost: null,
  loadingParty: null,
  shippingCost: null,
  shippingParty: null,
};

describe('priceOrder: hand-computed invoices', () => {
  it('premium, fees and tax on $1,234.56 with 15 % premium, 8.25 % tax (USD)', () => {
    // subtotal 123456; premium 123456 × 0.15 = 18518.4 → 18518; fees 5000 + 2500 = 7500
    // taxable 123456 + 18518 + 7500 = 149474; tax × 8.25 % = 12331.605 → 12332; total 161806
    const priced = priceOrder({
      lines: [{ unitPrice: 123_456, quantity: 1 }],
      buyersPremiumBps: 1500,
      taxRatePercent: 8.25,
      taxExempt: false,
      unitFees: [
        { kind: 'rigging', amount: 5000 },
        { kind: 'loading', amount: 2500 },
      ],
    });
    expect(priced).toEqual({
      subtotal: 123_456,
      buyersPremium: 18_518,
      fees: [
        { kind: 'rigging', amount: 5000 },
        { kind: 'loading', amount: 2500 },
      ],
      feesTotal: 7500,
      taxableAmount: 149_474,
      tax: 12_332,
      total: 161_806,
      depositApplied: 0,
      amountDue: 161_806,
    });
  });

  it('an exempt buyer pays no tax; the rest is unchanged', () => {
    const priced = priceOrder({
      lines: [{ unitPrice: 123_456, quantity: 1 }],
      buyersPremiumBps: 1500,
      taxRatePercent: 8.25,
      taxExempt: true,
      unitFees: [],
    });
    expect(priced.tax).toBe(0);
    expect(priced.total).toBe(123_456 + 18_518);
  });

  it('rounds half away from zero to the cent (CAD 13 % HST on C$0.50 of premium → 6.5 → 7)', () => {
    // subtotal 1000 (C$10.00), premium 5 % = 50; taxable 1050 × 13 % = 136.5 → 137
    const priced = priceOrder({
      lines: [{ unitPrice: 1000, quantity: 1 }],
      buyersPremiumBps: 500,
      taxRatePercent: 13,
      taxExempt: false,
      unitFees: [],
    });
    expect(priced.tax).toBe(137);
    expect(priced.total).toBe(1187);
  });

  it('rounds a premium fraction below a half down (USD 12.5 % of $0.03 = 0.375 cents → 0)', () => {
    const priced = priceOrder({
      lines: [{ unitPrice: 3, quantity: 1 }],
      buyersPremiumBps: 1250,
      taxRatePercent: 0,
      taxExempt: false,
      unitFees: [],
    });
    expect(priced.buyersPremium).toBe(0);
    expect(priced.total).toBe(3);
  });

  it('three-decimal rates: 9.975 % QST-like rate on $100.00 = 997.5 → 998', () => {
    const priced = priceOrder({
      lines: [{ unitPrice: 10_000, quantity: 1 }],
      buyersPremiumBps: 0,
      taxRatePercent: 9.975,
      taxExempt: false,
      unitFees: [],
    });
    expect(priced.tax).toBe(998);
  });

  it('quantity multiplies the price and every per-unit fee', () => {
    const priced = priceOrder({
      lines: [{ unitPrice: 2500, quantity: 4 }],
      buyersPremiumBps: 1000,
      taxRatePercent: 0,
      taxExempt: false,
      unitFees: [{ kind: 'shipping', amount: 799 }],
    });
    expect(priced.subtotal).toBe(10_000);
    expect(priced.buyersPremium).toBe(1000);
    expect(priced.fees).toEqual([{ kind: 'shipping', amount: 3196 }]);
    expect(priced.total).toBe(14_196);
  });

  it('the deposit applied lowers the amount due, never below zero', () => {
    const base = {
      lines: [{ unitPrice: 50_000, quantity: 1 }],
      buyersPremiumBps: 0,
      taxRatePercent: 0,
      taxExempt: false,
      unitFees: [],
    };
    expect(priceOrder({ ...base, depositApplied: 10_000 }).amountDue).toBe(40_000);
    expect(priceOrder({ ...base, depositApplied: 60_000 }).amountDue).toBe(0);
  });

  it('refuses fractions of a minor unit and negative amounts', () => {
    const base = { buyersPremiumBps: 0, taxRatePercent: 0, taxExempt: false, unitFees: [] };
    expect(() => priceOrder({ ...base, lines: [{ unitPrice: 10.5, quantity: 1 }] })).toThrow(RangeError);
    expect(() => priceOrder({ ...base, lines: [{ unitPrice: -1, quantity: 1 }] })).toThrow(RangeError);
    expect(() => priceOrder({ ...base, lines: [{ unitPrice: 1, quantity: 0 }] })).toThrow(RangeError);
  });
});

describe('buyerFees', () => {
  it('keeps only the fees whose party is the buyer and that have a cost', () => {
    expect(
      buyerFees({
        riggingCost: 5000,
        riggingParty: 'buyer',
        loadingCost: 2000,
        loadingParty: 'seller',
        shippingCost: 900,
        shippingParty: 'buyer',
      }),
    ).toEqual([
      { kind: 'rigging', amount: 5000 },
      { kind: 'shipping', amount: 900 },
    ]);
    expect(buyerFees({ ...none, riggingParty: 'buyer' })).toEqual([]);
    expect(buyerFees({ ...none, loadingCost: 100, loadingParty: '3pl' })).toEqual([]);
  });
});

describe('allInPrice', () => {
  it('equals the total of a one-unit order', () => {
    const terms = {
      buyersPremiumBps: 1800,
      taxRatePercent: 7.125,
      taxExempt: false,
      unitFees: [{ kind: 'loading' as const, amount: 12_345 }],
    };
    const price = 987_654;
    expect(allInPrice({ ...terms, price })).toBe(
      priceOrder({ ...terms, lines: [{ unitPrice: price, quantity: 1 }] }).total,
    );
  });
});

describe('mulDivRound', () => {
  it('is exact beyond 2^53 intermediate products', () => {
    // 9e12 × 99999 would lose precision as a float product.
    expect(mulDivRound(9_000_000_000_001, 99_999n, 100_000n)).toBe(8_999_910_000_001);
  });
});

describe('addBusinessDays', () => {
  it('skips Saturday and Sunday', () => {
    // Thursday 2026-11-26 10:00 UTC + 2 business days = Monday 2026-11-30 10:00 UTC
    expect(addBusinessDays(new Date('2026-11-26T10:00:00Z'), 2).toISOString()).toBe('2026-11-30T10:00:00.000Z');
    // Saturday → Tuesday
    expect(addBusinessDays(new Date('2026-11-28T10:00:00Z'), 2).toISOString()).toBe('2026-12-01T10:00:00.000Z');
    // Monday → Wednesday
    expect(addBusinessDays(new Date('2026-11-30T10:00:00Z'), 2).toISOString()).toBe('2026-12-02T10:00:00.000Z');
  });
});
