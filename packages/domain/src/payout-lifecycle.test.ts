import { describe, expect, it } from 'vitest';
import { canMoveMoney } from './order-lifecycle';
import { PAYOUT_MOVES, PAYOUT_REFUND_WINDOW_DAYS, type PayoutFacts, payoutRefusal } from './payout-lifecycle';

const due: PayoutFacts = {
  status: 'OrderPaid',
  pastRefundWindow: true,
  paid: 10_000,
  refunded: 0,
  refundInFlight: false,
  hasPayout: false,
  net: 8_500,
};

describe('the payout release rule (decision 0079)', () => {
  it('releases a paid order past its refund window, not fully refunded, with something owed', () => {
    expect(payoutRefusal(due)).toBeNull();
    expect(payoutRefusal({ ...due, refunded: 9_999, net: 1 })).toBeNull();
  });

  it('refuses, saying why: paid out already, not paid, fully refunded, inside the window, a refund out, nothing owed', () => {
    expect(payoutRefusal({ ...due, hasPayout: true })).toBe('This order has already been paid out.');
    expect(payoutRefusal({ ...due, status: 'OrderPending' })).toBe('Only a paid order can be paid out.');
    expect(payoutRefusal({ ...due, status: 'OrderCancelled' })).toBe('Only a paid order can be paid out.');
    expect(payoutRefusal({ ...due, refunded: 10_000 })).toBe('This order was fully refunded: nothing is owed.');
    expect(payoutRefusal({ ...due, pastRefundWindow: false })).toBe(
      `The refund window (${PAYOUT_REFUND_WINDOW_DAYS} days after payment) has not passed yet.`,
    );
    expect(payoutRefusal({ ...due, refundInFlight: true })).toBe('A refund of this order is still being processed.');
    expect(payoutRefusal({ ...due, net: 0 })).toBe('Nothing is owed to the seller for this order.');
    expect(payoutRefusal({ ...due, net: null })).toBe('Nothing is owed to the seller for this order.');
  });

  it('moves a transfer once: processing to paid or failed, never back', () => {
    expect(canMoveMoney(PAYOUT_MOVES, 'processing', 'pay')).toBe(true);
    expect(canMoveMoney(PAYOUT_MOVES, 'processing', 'fail')).toBe(true);
    for (const status of ['paid', 'failed'] as const) {
      expect(canMoveMoney(PAYOUT_MOVES, status, 'pay')).toBe(false);
      expect(canMoveMoney(PAYOUT_MOVES, status, 'fail')).toBe(false);
    }
  });
});
