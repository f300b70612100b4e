import type { BidPanelProps } from '../components/bid-panel/bid-panel';
import type { BiddingState } from '../lib/bidding/shapes';

/** When the factory's lot was read (the server's clock) and when it closes. */
export const SERVER_NOW = Date.parse('2026-11-30T20:00:00Z');
export const ENDS = Date.parse('2026-11-30T23:59:00Z');

/**
 * An open auction lot's GET bidding, as the web reads it, for a registered viewer who has not bid: a 12 %
 * premium, 8.25 % tax and a $250 rigging fee; override only what a test is about.
 */
export function makeBiddingState(overrides: Partial<BiddingState> = {}): BiddingState {
  return {
    eventLotId: 'lot_1',
    type: 'AuctionLot',
    status: 'Active',
    currency: 'USD',
    startingBid: 100_000,
    currentBid: { amount: 950_000 },
    bidsCount: 3,
    minimumBid: 1_000_000,
    reserveMet: null,
    endedAt: ENDS,
    serverTime: SERVER_NOW,
    increments: [{ from: 0, increment: 50_000 }],
    presets: [250_000, 1_000_000, 2_500_000],
    terms: { buyersPremiumBps: 1_200, taxRate: 8.25, buyerFees: [{ kind: 'rigging', amount: 25_000 }] },
    you: { registered: true, biddingStatus: 'not-participated', maxBidAmount: null },
    ...overrides,
  };
}

/**
 * What the lot page gives the bid panel and the tender box besides their first reads: a person ready to bid (verified,
 * the terms agreed) on the factory's lot, its times shown in Chicago's zone.
 */
export const BOX_PROPS: Omit<BidPanelProps, 'initial' | 'historySize'> = {
  lotId: 'lot_1',
  eventId: 'ev_1',
  eventName: 'Spring Machinery Auction',
  userId: 'u_1',
  pagePath: '/marketplace/bid/press/lot_1',
  timeZone: 'America/Chicago',
  gate: 'ready',
  steps: [],
  terms: [],
  deposit: null,
  startAt: null,
  closed: false,
};
