import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { commissionBpsFor, commissionOn, commissionRateLabel, DEFAULT_COMMISSION_BPS } from './commission';
import { type NetPayoutInput, netPayout, sellerFees } from './net-payout';
import { priceOrder } from './order-pricing';

/**
 * The reference model, written apart from the rule: commission by integer remainder (no bigint, no shared
 * helper), the net as a ledger of who keeps what: the gross splits into the tax authority's share, the
 * marketplace's (premium and commission), the seller's costs (fees), what went back to the buyer, and the rest.
 * A refund is the invoice read backwards (decision 0091): the buyer gets back, in proportion, the goods, the
 * premium and the tax; so the tax authority's and the marketplace's shares shrink by the refund's tax and
 * premium, and the seller bears only the refund's goods-and-fees part.
 */
function modelCommission(subtotal: number, bps: number): number {
  const product = subtotal * bps; // ≤ 1e9 × 1e4: exact in a double
  const whole = (product - (product % 10_000)) / 10_000;
  return (product % 10_000) * 2 >= 10_000 ? whole + 1 : whole;
}

/** a × b / c rounded half up, by quotient and remainder (a × b can pass 2^53: big integers, no shared helper). */
function modelShare(a: number, b: number, c: number): number {
  const product = BigInt(a) * BigInt(b);
  const divisor = BigInt(c);
  const quotient = product / divisor;
  return Number((product % divisor) * 2n >= divisor ? quotient + 1n : quotient);
}

function model(input: NetPayoutInput) {
  if (input.status === 'OrderCancelled') return { net: 0, commission: 0, fees: 0, taxKept: 0, premiumKept: 0 };
  const commission = modelCommission(input.subtotal, input.commissionBps);
  let fees = 0;
  for (const l of input.lines) for (const f of l.unitSellerFees) fees += f.amount * l.quantity;
  const taxBack = input.total === 0 ? 0 : modelShare(input.refunded, input.tax, input.total);
  const taxAndPremiumBack =
    input.total === 0 ? 0 : modelShare(input.refunded, input.tax + input.buyersPremium, input.total);
  const taxKept = input.tax - taxBack;
  const premiumKept = input.buyersPremium - (taxAndPremiumBack - taxBack);
  const marketplace = premiumKept + commission;
  const sellerShare = input.paid - taxKept - marketplace - fees - input.refunded;
  const net = input.status === 'OrderPaid' && sellerShare > 0 ? sellerShare : 0;
  return { net, commission, fees, taxKept, premiumKept };
}

const fee = fc.record({
  kind: fc.constantFrom('rigging' as const, 'loading' as const, 'shipping' as const),
  amount: fc.integer({ min: 0, max: 500_000 }),
});

/** A priced order (as the orders price them), paid in full or not, with refunds up to what was paid. */
const order = fc
  .record({
    unitPrice: fc.integer({ min: 0, max: 10_000_000 }),
    quantity: fc.integer({ min: 1, max: 50 }),
    premiumBps: fc.integer({ min: 0, max: 3000 }),
    taxRate: fc.constantFrom(0, 5, 8.25, 13, 14.975),
    buyerFees: fc.array(fee, { maxLength: 3 }),
    unitSellerFees: fc.array(fee, { maxLength: 3 }),
    commissionBps: fc.integer({ min: 0, max: 10_000 }),
    status: fc.constantFrom('OrderPaid' as const, 'OrderPending' as const, 'OrderCancelled' as const),
    refundShare: fc.double({ min: 0, max: 1, noNaN: true }),
    paidShare: fc.double({ min: 0, max: 1, noNaN: true }),
  })
  .map((o): NetPayoutInput => {
    const priced = priceOrder({
      lines: [{ unitPrice: o.unitPrice, quantity: o.quantity }],
      buyersPremiumBps: o.premiumBps,
      taxRatePercent: o.taxRate,
      taxExempt: false,
      unitFees: o.buyerFees,
    });
    const paid = o.status === 'OrderPaid' ? priced.total : Math.floor(priced.total * o.paidShare);
    return {
      status: o.status,
      paid,
      subtotal: priced.subtotal,
      buyersPremium: priced.buyersPremium,
      tax: priced.tax,
      total: priced.total,
      refunded: Math.floor(paid * o.refundShare),
      commissionBps: o.commissionBps,
      lines: [{ quantity: o.quantity, unitSellerFees: o.unitSellerFees }],
    };
  });

describe('netPayout: against the reference model', () => {
  it('agrees with the model to the cent, and the ledger balances', () => {
    fc.assert(
      fc.property(order, (input) => {
        const out = netPayout(input);
        const want = model(input);
        expect(out.netMinor).toBe(want.net);
        expect(out.commissionMinor).toBe(want.commission);
        expect(out.sellerFeesMinor).toBe(want.fees);
        if (input.status !== 'OrderCancelled') {
          expect([out.taxMinor, out.premiumMinor]).toEqual([want.taxKept, want.premiumKept]);
          // What a refund gave back of the tax and premium is within each, and within the refund.
          expect(out.taxMinor).toBeGreaterThanOrEqual(0);
          expect(out.premiumMinor).toBeGreaterThanOrEqual(0);
          expect(input.tax - out.taxMinor + input.buyersPremium - out.premiumMinor).toBeLessThanOrEqual(input.refunded);
        }
        expect(out.grossMinor).toBe(input.paid);
        expect(out.netMinor).toBeGreaterThanOrEqual(0);
        if (input.status === 'OrderPaid') {
          // Every cent the buyer paid is somebody's: the tax, the marketplace, the fees, the buyer again, the seller.
          const keptByOthers = out.taxMinor + out.premiumMinor + out.commissionMinor + out.sellerFeesMinor;
          expect(out.netMinor - out.shortfallMinor + keptByOthers + out.refundedMinor).toBe(out.grossMinor);
        }
      }),
      { numRuns: 3000 },
    );
  });

  it('adds up: the sum of per-order commissions is what a statement totals, never a rate on the sum', () => {
    fc.assert(
      fc.property(fc.array(order, { minLength: 1, maxLength: 12 }), (inputs) => {
        const outs = inputs.map(netPayout);
        const sum = (k: 'netMinor' | 'commissionMinor') => outs.reduce((n, o) => n + o[k], 0);
        expect(sum('netMinor')).toBe(inputs.reduce((n, i) => n + model(i).net, 0));
        expect(sum('commissionMinor')).toBe(inputs.reduce((n, i) => n + model(i).commission, 0));
      }),
      { numRuns: 500 },
    );
  });
});

describe('netPayout: worked examples', () => {
  const paid = (over: Partial<NetPayoutInput> = {}): NetPayoutInput => ({
    status: 'OrderPaid',
    paid: 59_538,
    subtotal: 50_000,
    buyersPremium: 5_000,
    tax: 4_538,
    total: 59_538,
    refunded: 0,
    commissionBps: 1000,
    lines: [{ quantity: 1, unitSellerFees: [] }],
    ...over,
  });

  it('deducts tax, premium, 10 % commission and seller fees × quantity', () => {
    // 59,538 − 4,538 − 5,000 − 5,000 − 2 × 1,250 = 42,500… with quantity 2 and a 1,250 rigging fee per unit.
    const out = netPayout(paid({ lines: [{ quantity: 2, unitSellerFees: [{ kind: 'rigging', amount: 1_250 }] }] }));
    expect(out).toMatchObject({ commissionMinor: 5_000, sellerFeesMinor: 2_500, netMinor: 42_500, shortfallMinor: 0 });
  });

  it('rounds the commission half up per order: 12.5 % of 1,001 = 125.125 → 125; of 1,004 = 125.5 → 126', () => {
    expect(commissionOn(1_001, 1250)).toBe(125);
    expect(commissionOn(1_004, 1250)).toBe(126);
  });

  it('owes nothing until paid, nothing for a cancelled order, and never less than 0 (the shortfall says by how much)', () => {
    expect(netPayout(paid({ status: 'OrderPending', paid: 5_000 })).netMinor).toBe(0);
    expect(netPayout(paid({ status: 'OrderCancelled', paid: 5_000 }))).toMatchObject({
      netMinor: 0,
      commissionMinor: 0,
      grossMinor: 5_000,
    });
    // Everything given back, tax and premium too: the seller is owed nothing, nothing is owed to the tax
    // authority, and the marketplace carries only the commission it no longer earns.
    const refundedAll = netPayout(paid({ refunded: 59_538 }));
    expect(refundedAll).toMatchObject({ netMinor: 0, taxMinor: 0, premiumMinor: 0, shortfallMinor: 5_000 });
  });

  it("takes a refund's tax and premium from the tax and the premium, not twice from the seller", () => {
    // Two units of 50,000 with 10 % premium and 8.25 % tax (119,076); one unit returned whole (59,538).
    const two = paid({ paid: 119_076, subtotal: 100_000, buyersPremium: 10_000, tax: 9_076, total: 119_076 });
    const out = netPayout({ ...two, refunded: 59_538 });
    expect(out).toMatchObject({ taxMinor: 4_538, premiumMinor: 5_000, commissionMinor: 10_000 });
    // The seller keeps the unit not returned, less the commission on both: 50,000 − 10,000.
    expect(out.netMinor).toBe(40_000);
    // One cent back is all the seller's (its shares of tax and premium round to 0).
    expect(netPayout({ ...two, refunded: 1 })).toMatchObject({ taxMinor: 9_076, premiumMinor: 10_000 });
  });

  it('refuses what is not money or a rate', () => {
    expect(() => netPayout(paid({ commissionBps: 10_001 }))).toThrow(RangeError);
    expect(() => netPayout(paid({ commissionBps: 12.5 }))).toThrow(RangeError);
    expect(() => netPayout(paid({ paid: -1 }))).toThrow(RangeError);
    expect(() =>
      netPayout(paid({ lines: [{ quantity: 1, unitSellerFees: [{ kind: 'loading', amount: 0.5 }] }] })),
    ).toThrow(RangeError);
  });
});

describe('commission rate and seller fees', () => {
  it('takes the company override, else the marketplace default', () => {
    expect(commissionBpsFor(null, DEFAULT_COMMISSION_BPS)).toBe(1000);
    expect(commissionBpsFor(0, 1000)).toBe(0);
    expect(commissionBpsFor(750, 1000)).toBe(750);
    expect(() => commissionBpsFor(null, -1)).toThrow(RangeError);
    expect([commissionRateLabel(1000), commissionRateLabel(1250), commissionRateLabel(5)]).toEqual([
      '10%',
      '12.5%',
      '0.05%',
    ]);
  });

  it('reads the fees whose party is the seller, with a cost', () => {
    expect(
      sellerFees({
        riggingCost: 1_000,
        riggingParty: 'seller',
        loadingCost: 500,
        loadingParty: 'buyer',
        shippingCost: null,
        shippingParty: 'seller',
      }),
    ).toEqual([{ kind: 'rigging', amount: 1_000 }]);
  });
});
