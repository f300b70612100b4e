import type { EventLotDetailSource, LotResponse, Me } from '@lotline/contracts';
import { prerender } from 'react-dom/static';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { makeBiddingState } from '../../../../../test/bidding-factory';
import { makeBuyNowState } from '../../../../../test/buy-now-factory';
import { makeEventLotDetail } from '../../../../../test/event-lot-factory';

// The page's server reads, replaced: the lot as the API answers it, a verified bidder ready to act, and the boxes'
// first reads. Server actions are references in the browser; rendering needs only their identity.
let answer: LotResponse;
const buyer: Me = { id: 'u_1', email: 'pat@example.com', name: 'Pat', roles: [], verified: true };
vi.mock('../../../../../lib/api/api.server', () => ({
  apiGet: async (path: string) => {
    if (path.startsWith('/marketplace/api/lots/')) return answer;
    // The lot's event, for its terms and documents: none here.
    if (path.startsWith('/marketplace/api/event/events/'))
      return { event: { terms: [], attachments: [], bidDeposit: null } };
    throw new Error(`unexpected read ${path}`);
  },
}));
vi.mock('../../../../../lib/auth/api-call.server', () => ({ callApi: async () => ({ ok: false, status: 500 }) }));
vi.mock('../../../../../lib/auth/current-user.server', () => ({ getCurrentUser: async () => buyer }));
vi.mock('../../../../../lib/time/user-zone.server', () => ({ getUserTimeZone: async () => 'America/Chicago' }));
vi.mock('../../../../../lib/messaging/contact-gate.server', () => ({ contactGate: async () => ({ kind: 'ready' }) }));
vi.mock('../../../../../lib/watchlist/watch-states.server', () => ({ loadWatchStates: async () => null }));
vi.mock('../../../../../lib/seller-company/sells-lot.server', () => ({ viewerSellsLot: async () => false }));
vi.mock('../../../../../lib/lots/lot-withdrawal.server', () => ({ lotWithdrawnText: async () => null }));
vi.mock('../../../../../lib/events/event-pause.server', () => ({ loadEventPause: async () => null }));
const registration = { auctionId: 'ev_1', status: 'approved', deposit: null, registeredAt: 0, bidLimit: null };
vi.mock('../../../../../lib/bidding/bid-panel.server', () => ({
  HISTORY_PAGE_SIZE: 5,
  loadBidPanel: async () => ({ bidding: makeBiddingState(), history: null, registration, cards: [] }),
  loadBiddingState: async () => makeBiddingState(),
}));
vi.mock('../../../../../lib/tenders/tender-box.server', () => ({ loadTenderBox: async () => null }));
vi.mock('../../../../../lib/buy-now/buy-now.server', () => ({ loadBuyNow: async () => makeBuyNowState() }));
vi.mock('../../../../../lib/offers/offers.server', () => ({ loadMyOffers: async () => ({ ok: true, offers: [] }) }));
vi.mock('../../../../../lib/offers/offer-actions', () => ({
  buyerOfferAction: async () => ({}),
  makeOfferAction: async () => ({}),
}));
vi.mock('../../../../../lib/buy-now/purchase-action', () => ({ purchaseAction: async () => ({}) }));
vi.mock('../../../../../lib/messaging/messaging-actions', () => ({
  agreeToTermsFormAction: async () => ({}),
  agreeToEventTermsAction: async () => ({ ok: true }),
  sendMessageAction: async () => ({}),
}));
vi.mock('next/navigation', () => ({
  notFound: () => {
    throw new Error('notFound');
  },
  useRouter: () => ({ refresh: () => undefined }),
}));

const { default: LotPage } = await import('./page');

const EVENT: EventLotDetailSource['event'] = {
  _id: 'ev_1',
  name: 'Spring Machinery Auction',
  title: 'Spring Machinery Auction',
  status: 'published',
  privateSale: false,
  saleFormat: 'auction',
  startAt: '2026-11-01T00:00:00Z',
  endAt: '2099-12-01T00:00:00Z',
};
const OPEN = { event: EVENT, status: 'Active', endedAt: '2099-12-01T00:00:00Z' } as const;
const AUCTION = { ...OPEN, type: 'AuctionLot' } as const;
const ITEM = { ...OPEN, type: 'BuyItNowItem', buyItNowPrice: 10_000, quantity: 3, bestOfferEnabled: true } as const;

async function render(lot: Partial<EventLotDetailSource>) {
  answer = makeEventLotDetail(lot);
  const page = await LotPage({
    params: Promise.resolve({ slug: 'haas-vf-2', lotId: 'lot_1' }),
    searchParams: Promise.resolve({}),
  });
  // The offer box is an async server component: a prerender waits for it, as the server's render does.
  const { prelude } = await prerender(page);
  return new Response(prelude).text();
}

/** The page's actions box and the offer box: the part of the page a buyer acts in. */
const forms = (html: string) => html.match(/<form\b/g)?.length ?? 0;

/**
 * A suspended seller's lot (decision 0089): the API answers `viewOnly` (apps/api staff-companies/suspension.test.ts)
 * and refuses every action (the same file); the page shows why in place of the bid panel, the buy box and the offer
 * box, so no form a buyer could submit is left. The same lot, not view-only, offers them: the control.
 */
describe('the lot page of a view-only lot', () => {
  beforeEach(() => {
    answer = makeEventLotDetail();
  });

  it('shows the view-only notice instead of the bid panel', async () => {
    const open = await render(AUCTION);
    expect(open).toContain('Place bid');
    expect(open).not.toContain('view-only');
    const viewOnly = await render({ ...AUCTION, viewOnly: true });
    expect(viewOnly).toContain('This lot is view-only for now: it takes no bids, purchases, offers or tenders.');
    expect(viewOnly).not.toContain('Place bid');
    expect(forms(viewOnly)).toBe(0);
  });

  it('shows it instead of the buy box and the offer box', async () => {
    const open = await render(ITEM);
    expect(open).toContain('Make an offer');
    expect(forms(open)).toBeGreaterThan(0);
    const viewOnly = await render({ ...ITEM, viewOnly: true });
    expect(viewOnly).toContain('This lot is view-only for now');
    expect(viewOnly).not.toContain('Make an offer');
    expect(forms(viewOnly)).toBe(0);
  });
});

/**
 * A paused event's lot whose pause could not be read (the pause read failed under load: bench:storm saw it): the
 * lot read's own `paused` (decision 0093) still puts the notice in place of the bid panel.
 */
describe('the lot page of a paused lot whose pause could not be read', () => {
  it('says bidding is paused instead of offering a bid', async () => {
    const paused = await render({ ...AUCTION, paused: true });
    expect(paused).toContain('Bidding is paused by the marketplace.');
    expect(paused).not.toContain('Place bid');
    expect(forms(paused)).toBe(0);
  });
});
