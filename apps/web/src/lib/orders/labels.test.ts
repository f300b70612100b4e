import { describe, expect, it } from 'vitest';
import { historyLabel, orderStateLabel } from './labels';

describe('order labels', () => {
  it('says approval first, then payment, then the hand-over', () => {
    expect(orderStateLabel({ status: 'OrderPending', approval: 'awaiting', fulfilment: 'none' })).toBe(
      'Awaiting seller approval',
    );
    expect(orderStateLabel({ status: 'OrderPending', approval: 'approved', fulfilment: 'none' })).toBe(
      'Awaiting payment',
    );
    expect(orderStateLabel({ status: 'OrderPaid', approval: 'approved', fulfilment: 'shipped' })).toBe(
      'Paid · Shipped',
    );
    expect(orderStateLabel({ status: 'OrderPaid', approval: 'approved', fulfilment: 'collected' })).toBe(
      'Paid · Collected',
    );
    expect(orderStateLabel({ status: 'OrderCancelled', approval: 'rejected', fulfilment: 'none' })).toBe('Cancelled');
  });

  it('names history events, and shows an unknown one as written', () => {
    expect(historyLabel('expired')).toBe('Cancelled: not approved in time');
    expect(historyLabel('something-new')).toBe('something-new');
  });
});
