import type { LotType } from '@lotline/contracts/enums';
import { describe, expect, it } from 'vitest';
import { cardState, isClosed, showsTimer } from './lot-card-state';
import type { AnyLotStatus } from './lot-lifecycle';

const TYPES: LotType[] = ['AuctionLot', 'BuyItNowItem', 'TenderLot'];

describe('cardState (spec §4)', () => {
  // status → state for an auction/tender lot, and for a buy-now item
  const table: [AnyLotStatus, string | null, string | null][] = [
    ['Pending', null, 'UNAVAILABLE'],
    ['Active', null, null],
    ['Ended', 'ENDED', 'UNAVAILABLE'],
    ['Sold', 'SOLD', 'SOLD'],
    ['Unsold', 'ENDED', 'UNAVAILABLE'],
    ['OrderPending', 'SOLD', 'SOLD'],
    ['OrderPaid', 'SOLD', 'SOLD'],
    ['OrderCancelled', 'SOLD', 'SOLD'],
    ['Paused', null, 'UNAVAILABLE'],
  ];
  it.each(table)('%s: %s for auctions and tenders, %s for buy-now', (status, lot, buyNow) => {
    expect(cardState(status, 'AuctionLot')).toBe(lot);
    expect(cardState(status, 'TenderLot')).toBe(lot);
    expect(cardState(status, 'BuyItNowItem')).toBe(buyNow);
  });
});

describe('showsTimer (spec §4)', () => {
  const now = 1_000_000;
  it.each([
    ['Active', 'AuctionLot', now + 1, true],
    ['Active', 'AuctionLot', now - 1, true],
    ['Active', 'BuyItNowItem', now + 1, true],
    ['Active', 'BuyItNowItem', now, false],
    ['Pending', 'AuctionLot', now + 1, false],
    ['Sold', 'TenderLot', now + 1, false],
  ] as const)('%s %s ending at now%+d: %s', (status, type, endsAt, shown) => {
    expect(showsTimer(status, type, endsAt, now)).toBe(shown);
  });
});

describe('isClosed', () => {
  it.each([
    ['Active', false],
    ['Pending', false],
    ['Paused', true],
    ['Ended', true],
    ['Sold', true],
    ['Unsold', true],
    ['OrderPaid', true],
  ] as const)('%s auction or tender lot: %s', (status, closed) => {
    expect(isClosed(status, 'AuctionLot')).toBe(closed);
    expect(isClosed(status, 'TenderLot')).toBe(closed);
  });

  it('a pending buy-now item is closed (UNAVAILABLE); an active one is not', () => {
    expect(isClosed('Pending', 'BuyItNowItem')).toBe(true);
    expect(isClosed('Active', 'BuyItNowItem')).toBe(false);
  });

  it('is closed whenever the card shows a state', () => {
    for (const type of TYPES)
      for (const status of ['Pending', 'Active', 'Ended', 'Sold', 'Unsold', 'Paused'] as const)
        if (cardState(status, type) !== null) expect(isClosed(status, type)).toBe(true);
  });
});
