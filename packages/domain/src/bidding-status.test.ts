import { describe, expect, it } from 'vitest';
import { type BidderFacts, biddingStatus, biddingTone } from './bidding-status';
import { LOT_STATUS } from './lot-lifecycle';

const NOW = Date.UTC(2026, 10, 24, 12);
const open: BidderFacts = {
  lotType: 'AuctionLot',
  lotStatus: LOT_STATUS.Active,
  endedAt: NOW + 60_000,
  participated: true,
  leads: true,
  reserveMet: null,
};
const status = (over: Partial<BidderFacts>) => biddingStatus({ ...open, ...over }, NOW);

describe('bidding status (BIDDING §4)', () => {
  it('is not-participated without a bid, whatever the lot', () => {
    expect(status({ participated: false })).toBe('not-participated');
    expect(status({ participated: false, lotStatus: LOT_STATUS.Sold })).toBe('not-participated');
  });

  it('reads an open auction: winning, reserve-not-met, outbid', () => {
    expect(status({})).toBe('winning');
    expect(status({ reserveMet: true })).toBe('winning');
    expect(status({ reserveMet: false })).toBe('reserve-not-met');
    expect(status({ leads: false })).toBe('outbid');
    expect(status({ leads: false, reserveMet: false })).toBe('outbid');
  });

  it('reads an open tender as bid-placed', () => {
    expect(status({ lotType: 'TenderLot', leads: false })).toBe('bid-placed');
  });

  it('reads a lot past its end as closed even before the close ran', () => {
    expect(status({ endedAt: NOW })).toBe('bidded');
    expect(status({ endedAt: NOW, leads: false })).toBe('lost');
    expect(status({ endedAt: NOW, lotType: 'TenderLot', leads: false })).toBe('bidded');
  });

  it('reads a closed lot: won, lost, reserve-not-met, bidded', () => {
    expect(status({ lotStatus: LOT_STATUS.Sold })).toBe('won');
    expect(status({ lotStatus: LOT_STATUS.OrderPaid })).toBe('won');
    expect(status({ lotStatus: LOT_STATUS.Sold, leads: false })).toBe('lost');
    expect(status({ lotStatus: LOT_STATUS.Unsold, reserveMet: false })).toBe('reserve-not-met');
    expect(status({ lotStatus: LOT_STATUS.Unsold, leads: false, reserveMet: false })).toBe('lost');
    expect(status({ lotStatus: LOT_STATUS.Ended, reserveMet: false })).toBe('bidded');
    expect(status({ lotStatus: LOT_STATUS.Ended, reserveMet: false, leads: false })).toBe('lost');
    expect(status({ lotStatus: LOT_STATUS.Ended, lotType: 'TenderLot', leads: false })).toBe('bidded');
  });

  it('gives each status its colour', () => {
    expect(biddingTone('winning')).toBe('good');
    expect(biddingTone('won')).toBe('good');
    expect(biddingTone('bid-placed')).toBe('good');
    expect(biddingTone('outbid')).toBe('bad');
    expect(biddingTone('lost')).toBe('bad');
    expect(biddingTone('reserve-not-met')).toBe('bad');
    expect(biddingTone('bidded')).toBe('none');
    expect(biddingTone('not-participated')).toBe('none');
  });
});
