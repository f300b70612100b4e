import type { EventDetail } from '@lotline/contracts';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';

// The page's server reads, replaced: the event as the API answers it, a visitor, and no lots (their grid is the
// browse page's, tested there).
let event: EventDetail;
vi.mock('server-only', () => ({}));
vi.mock('./event-data.server', () => ({
  loadEvent: async () => event,
  loadEventLocations: async () => [],
  previewImage: async () => undefined,
}));
vi.mock('./event-lots', () => ({ EventLots: () => null }));
vi.mock('../../../../../lib/auth/current-user.server', () => ({ getCurrentUser: async () => null }));
vi.mock('../../../../../lib/messaging/contact-gate.server', () => ({ contactGate: async () => ({ kind: 'visitor' }) }));
vi.mock('../../../../../lib/watchlist/event-wishlist.server', () => ({ findEventWishlistId: async () => null }));
vi.mock('../../../../../lib/time/user-zone.server', () => ({ getUserTimeZone: async () => null }));
vi.mock('next/navigation', () => ({
  permanentRedirect: () => {
    throw new Error('permanentRedirect');
  },
  redirect: () => {
    throw new Error('redirect');
  },
}));

const { default: EventPage } = await import('./page');

const EVENT: EventDetail = {
  _id: 'ev_1',
  name: 'Spring Machinery Auction',
  title: 'Spring Machinery Auction',
  description: '',
  status: 'published',
  saleFormat: 'auction',
  privateSale: false,
  startAt: '2026-11-01T00:00:00.000Z',
  endAt: '2099-12-01T00:00:00.000Z',
  effectiveEndAt: '2099-12-01T00:00:00.000Z',
  company: { _id: 'co_1', slug: 'acme', name: 'Acme', displayName: null, logoUrl: null },
  bidDeposit: null,
  terms: [],
  attachments: [],
  locations: [],
  lotsCount: 0,
  viewOnly: false,
};

async function render(viewOnly: boolean) {
  event = { ...EVENT, viewOnly };
  const page = await EventPage({
    params: Promise.resolve({ slug: 'spring-machinery-auction', eventId: 'ev_1' }),
    searchParams: Promise.resolve({}),
  });
  return renderToStaticMarkup(page);
}

/** A suspended seller's event (decision 0089): the API's `viewOnly` (apps/api staff-companies/suspension.test.ts). */
describe('the event page of a view-only event', () => {
  it('says that its lots take nothing, and only then', async () => {
    const notice =
      'This event is view-only for now: its lots take no registrations, bids, purchases, offers or tenders.';
    expect(await render(true)).toContain(notice);
    expect(await render(false)).not.toContain('view-only');
  });
});
