import { describe, expect, it } from 'vitest';
import { REFUND_STATUS_LABELS, refundableAmount, splitRefund } from './order-refunds';

describe('refundableAmount', () => {
  it('is what was paid less every refund not failed, a processing one included; never below 0', () => {
    const paid = { status: 'OrderPaid' as const, paid: 12_990 };
    expect(refundableAmount({ ...paid, refunds: [] })).toBe(12_990);
    const refunds = [
      { amount: 4_000, status: 'succeeded' as const },
      { amount: 1_000, status: 'processing' as const },
      { amount: 9_000, status: 'failed' as const },
    ];
    expect(refundableAmount({ ...paid, refunds })).toBe(7_990);
    expect(refundableAmount({ ...paid, status: 'OrderCancelled', refunds })).toBe(7_990);
    expect(refundableAmount({ ...paid, paid: 0, refunds: [{ amount: 1, status: 'succeeded' }] })).toBe(0);
  });

  it('is 0 for an order still being paid, whatever its payments took', () => {
    expect(refundableAmount({ status: 'OrderPending', paid: 50_000, refunds: [] })).toBe(0);
  });

  it('names every status, the given-back and failed ones as the history does', () => {
    expect(REFUND_STATUS_LABELS).toEqual({
      processing: 'Being refunded',
      succeeded: 'Refunded',
      failed: 'Refund failed',
    });
  });
});

describe('splitRefund', () => {
  const payments = [
    { id: 'wire_1', kind: 'wire' as const, left: 1_000 },
    { id: 'dep_1', kind: 'deposit-capture' as const, left: 50_000 },
    { id: 'chg_1', kind: 'charge' as const, left: 20_000 },
    { id: 'chg_2', kind: 'charge' as const, left: 0 },
  ];

  it('draws on the card charge first, then the deposit, then the wire; one part per payment drawn on', () => {
    expect(splitRefund(payments, 5_000)).toEqual([{ paymentId: 'chg_1', amount: 5_000 }]);
    expect(splitRefund(payments, 30_000)).toEqual([
      { paymentId: 'chg_1', amount: 20_000 },
      { paymentId: 'dep_1', amount: 10_000 },
    ]);
    expect(splitRefund(payments, 71_000)).toEqual([
      { paymentId: 'chg_1', amount: 20_000 },
      { paymentId: 'dep_1', amount: 50_000 },
      { paymentId: 'wire_1', amount: 1_000 },
    ]);
  });

  it('keeps the given order within a kind, and refuses what the payments cannot cover', () => {
    const two = [
      { id: 'older', kind: 'charge' as const, left: 100 },
      { id: 'newer', kind: 'charge' as const, left: 100 },
    ];
    expect(splitRefund(two, 150)).toEqual([
      { paymentId: 'older', amount: 100 },
      { paymentId: 'newer', amount: 50 },
    ]);
    expect(() => splitRefund(payments, 71_001)).toThrow(RangeError);
  });
});
