import { LOT_STATUS } from '@lotline/domain';
import { describe, expect, it } from 'vitest';
import { lotOutcome, type OutcomeFacts } from './lot-outcome';

const auction: OutcomeFacts = {
  type: 'AuctionLot',
  status: LOT_STATUS.Unsold,
  bidsCount: 0,
  reserveMet: null,
  source: null,
};

describe('lotOutcome', () => {
  it('names a sale by its order’s source, whatever the payment status', () => {
    const sold = { ...auction, status: LOT_STATUS.OrderCancelled };
    expect(lotOutcome({ ...sold, source: 'auction' })).toBe('sold');
    expect(lotOutcome({ ...sold, type: 'BuyItNowItem', source: 'offer' })).toBe('offer-accepted');
    expect(lotOutcome({ ...sold, type: 'BuyItNowItem', source: 'buy-now' })).toBe('bought-now');
    expect(lotOutcome({ ...sold, type: 'TenderLot', source: 'tender' })).toBe('tender-awarded');
  });

  it('reads a lot without an order from its status, bids and reserve', () => {
    expect(lotOutcome({ ...auction, status: LOT_STATUS.Active })).toBe('open');
    expect(lotOutcome({ ...auction, status: LOT_STATUS.Pending })).toBe('open');
    expect(lotOutcome({ ...auction, status: LOT_STATUS.Sold, bidsCount: 2 })).toBe('sold');
    expect(lotOutcome(auction)).toBe('passed');
    expect(lotOutcome({ ...auction, status: LOT_STATUS.Ended, bidsCount: 2, reserveMet: false })).toBe(
      'reserve-not-met',
    );
    expect(lotOutcome({ ...auction, bidsCount: 2, reserveMet: false })).toBe('reserve-not-met');
    expect(lotOutcome({ ...auction, type: 'TenderLot', status: LOT_STATUS.Ended })).toBe('awaiting-award');
    expect(lotOutcome({ ...auction, type: 'TenderLot' })).toBe('unsold');
    expect(lotOutcome({ ...auction, type: 'BuyItNowItem', status: LOT_STATUS.Ended })).toBe('unsold');
    expect(lotOutcome({ ...auction, type: 'TenderLot', status: LOT_STATUS.OrderPaid })).toBe('tender-awarded');
  });
});
