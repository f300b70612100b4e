import { describe, expect, it } from 'vitest';
import { makeBiddingState } from '../../test/bidding-factory';
import { isEventRegistered, type PanelFacts, panelView } from './panel-state';
import type { BiddingState, Registration } from './shapes';

const NOW = Date.parse('2026-11-24T12:00:00Z');
const HOUR = 3_600_000;

/** An open auction lot without bids, ending in an hour, as a visitor reads it (no `you`). */
const bidding = (over: Partial<BiddingState> = {}): BiddingState =>
  makeBiddingState({
    currentBid: null,
    bidsCount: 0,
    minimumBid: 100_000,
    endedAt: NOW + HOUR,
    serverTime: NOW,
    you: undefined,
    ...over,
  });

function reg(over: Partial<Registration> = {}): Registration {
  return {
    auctionId: 'ev_1',
    status: 'approved',
    deposit: { amount: 50_000, currency: 'USD', status: 'held', expiresAt: NOW + 7 * 24 * HOUR },
    registeredAt: NOW - HOUR,
    ...over,
  };
}

const you = (biddingStatus: NonNullable<BiddingState['you']>['biddingStatus'], maxBidAmount: number | null = null) => ({
  you: { registered: true, biddingStatus, maxBidAmount },
});

const facts = (over: Partial<PanelFacts> = {}): PanelFacts => ({
  gate: 'ready',
  bidding: bidding(),
  registration: null,
  startAt: NOW - HOUR,
  closed: false,
  now: NOW,
  ...over,
});

describe('isEventRegistered (spec §3 eventRegistered)', () => {
  it('is true only when approved with the deposit held, not required, or none', () => {
    expect(isEventRegistered(null)).toBe(false);
    expect(isEventRegistered(reg())).toBe(true);
    expect(isEventRegistered(reg({ deposit: null }))).toBe(true);
    expect(isEventRegistered(reg({ deposit: { amount: 0, currency: 'USD', status: 'not-required' } }))).toBe(true);
    for (const status of ['released', 'applied', 'failed'] as const) {
      expect(isEventRegistered(reg({ deposit: { amount: 1, currency: 'USD', status } })), status).toBe(false);
    }
    expect(isEventRegistered(reg({ status: 'pending' }))).toBe(false);
    expect(isEventRegistered(reg({ status: 'declined' }))).toBe(false);
  });
});

describe('panelView', () => {
  it('offers no bid form when the bidding could not be read, but still leads the person on', () => {
    expect(panelView(facts({ bidding: null, registration: reg() }))).toEqual({ kind: 'unavailable' });
    expect(panelView(facts({ bidding: null, gate: 'visitor' }))).toEqual({ kind: 'visitor' });
    expect(panelView(facts({ bidding: null }))).toEqual({ kind: 'register', failed: false });
    // The lot page's own reading of the close stands in for the bidding state's.
    expect(panelView(facts({ bidding: null, gate: 'visitor', closed: true }))).toEqual({
      kind: 'closed',
      status: null,
    });
  });

  it('leads a visitor to sign in, then through verification and the terms', () => {
    expect(panelView(facts({ gate: 'visitor' }))).toEqual({ kind: 'visitor' });
    expect(panelView(facts({ gate: 'unverified' }))).toEqual({ kind: 'unverified' });
    expect(panelView(facts({ gate: 'terms' }))).toEqual({ kind: 'terms' });
  });

  it('asks to register, and again with the decline said when the hold failed', () => {
    expect(panelView(facts())).toEqual({ kind: 'register', failed: false });
    const failed = reg({ deposit: { amount: 50_000, currency: 'USD', status: 'failed' } });
    expect(panelView(facts({ registration: failed }))).toEqual({ kind: 'register', failed: true });
  });

  it('waits for the seller’s approval, or says it was declined', () => {
    expect(panelView(facts({ registration: reg({ status: 'pending' }) }))).toEqual({ kind: 'pending' });
    expect(panelView(facts({ registration: reg({ status: 'declined' }) }))).toEqual({ kind: 'declined' });
  });

  it('offers the bid form to a registered bidder, from the registration or the API’s own word', () => {
    expect(panelView(facts({ registration: reg() }))).toEqual({
      kind: 'bid',
      mode: 'bid',
      status: 'not-participated',
      standingMax: null,
    });
    const answered = bidding({ ...you('outbid', 120_000) });
    expect(panelView(facts({ bidding: answered }))).toEqual({
      kind: 'bid',
      mode: 'bid',
      status: 'outbid',
      standingMax: 120_000,
    });
    // The engine's check wins over a registration read earlier.
    const refused = bidding({ you: { registered: false, biddingStatus: 'not-participated', maxBidAmount: null } });
    expect(panelView(facts({ bidding: refused, registration: reg() }))).toMatchObject({ kind: 'register' });
  });

  it('lets the leader only raise their maximum', () => {
    for (const status of ['winning', 'reserve-not-met'] as const) {
      expect(panelView(facts({ bidding: bidding(you(status, 300_000)) }))).toEqual({
        kind: 'bid',
        mode: 'raise',
        status,
        standingMax: 300_000,
      });
    }
  });

  it('tells a registered bidder when an upcoming lot opens', () => {
    const upcoming = bidding({ status: 'Pending', ...you('not-participated') });
    expect(panelView(facts({ bidding: upcoming, startAt: NOW + HOUR }))).toEqual({ kind: 'upcoming' });
    expect(panelView(facts({ bidding: bidding(you('not-participated')), startAt: NOW + 1 }))).toEqual({
      kind: 'upcoming',
    });
  });

  it('shows the outcome once the lot is over, by status or by its end passing, whoever looks', () => {
    expect(panelView(facts({ bidding: bidding({ status: 'Sold', ...you('won') }) }))).toEqual({
      kind: 'closed',
      status: 'won',
    });
    // The end passed and the close has not run yet: already over, bids are refused.
    const ended = bidding({ endedAt: NOW, ...you('winning') });
    expect(panelView(facts({ bidding: ended }))).toEqual({ kind: 'closed', status: 'winning' });
    expect(panelView(facts({ gate: 'visitor', bidding: bidding({ status: 'Unsold' }) }))).toEqual({
      kind: 'closed',
      status: null,
    });
    const notIn = bidding({ status: 'Sold', ...you('not-participated') });
    expect(panelView(facts({ bidding: notIn }))).toEqual({ kind: 'closed', status: null });
  });
});
