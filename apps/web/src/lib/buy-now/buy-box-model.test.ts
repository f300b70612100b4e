import type { BuyNowState } from '@lotline/contracts';
import { describe, expect, it } from 'vitest';
import { makeBuyNowState } from '../../test/buy-now-factory';
import { confirmation, EXEMPT_NOTE, PLAIN_NOTE, parseQuantity, unitsLeftText } from './buy-box-model';

const state: BuyNowState = makeBuyNowState({
  pricing: { buyersPremiumBps: 1000, taxRatePercent: 8.25, unitFees: [{ kind: 'rigging', amount: 500 }] },
});

describe('buy box model', () => {
  it('totals a quantity by the order rule, by hand: 2 × ($100 + $10 + $5) × 1.0825 = $248.98', () => {
    const c = confirmation(state, 2);
    expect(c.lines.map((l) => `${l.label}=${l.text}`)).toEqual([
      '2 × $100=$200',
      'Buyer’s premium=$20',
      'Rigging=$10',
      'Tax (8.25%)=$18.98',
    ]);
    expect(c.total).toEqual({ label: 'Total', text: '$248.98' });
  });
  it('one unit totals the all-in price the API answered', () => {
    expect(confirmation(state, 1).total.text).toBe('$124.49');
  });
  it('an exempt buyer pays no tax and is told why', () => {
    const c = confirmation({ ...state, taxExempt: true }, 1);
    expect(c.total.text).toBe('$115');
    expect(c.note).toBe(EXEMPT_NOTE);
  });
  it('with all-in pricing off: the plain price × quantity and a note, no total of fees or tax', () => {
    const c = confirmation({ ...state, pricing: null, allInPrice: null }, 3);
    expect(c.total).toEqual({ label: 'Price', text: '$300' });
    expect(c.note).toBe(PLAIN_NOTE);
  });
  it('takes 1 to the units left, whole numbers only', () => {
    expect(parseQuantity('2', 3)).toEqual({ quantity: 2 });
    for (const raw of ['0', '4', '1.5', 'x', '', '-1']) expect(parseQuantity(raw, 3)).toHaveProperty('problem');
    expect(parseQuantity('2', 1)).toEqual({ problem: 'Only 1 unit is left: the quantity is 1.' });
  });
  it('says how many units are left', () => {
    expect([0, 1, 2].map(unitsLeftText)).toEqual(['Sold out', '1 unit left', '2 units left']);
  });
});
