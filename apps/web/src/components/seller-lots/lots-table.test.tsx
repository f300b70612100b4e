import type { SellerLotRow } from '@lotline/contracts';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { LotsTable } from './lots-table';

// Server actions and the router are references in the browser; rendering needs only their identity.
vi.mock('next/navigation', () => ({ useRouter: () => ({ refresh: () => undefined }) }));
vi.mock('../../lib/seller-lots/actions', () => ({ lotRowAction: async () => ({ fieldErrors: {} }) }));
vi.mock('../../lib/seller-lots/order-actions', () => ({
  reorderLotsAction: async () => ({ ok: true, message: '' }),
  bulkLotsAction: async () => ({ ok: true, message: '' }),
}));

const lot = (n: number): SellerLotRow => ({
  _id: `lot_${n}`,
  eventId: 'evt_1',
  number: String(n),
  name: `Pump ${n}`,
  type: 'AuctionLot',
  status: 'Pending',
  sequence: n,
  quantity: 1,
  currency: 'USD',
  startingBid: 10_000,
  buyItNowPrice: null,
  reserveBid: null,
  categoryName: 'Pumps',
  photosCount: 1,
  bidsCount: 0,
  locationId: 'loc_1',
});

/** A draft's lots are reordered by sending every lot's id: only when the page holds them all. */
describe("a draft's lots table", () => {
  it('offers dragging and Move up / down when every lot is on the page', () => {
    const html = renderToStaticMarkup(<LotsTable eventId="evt_1" lots={[lot(1), lot(2)]} total={2} draft />);
    expect(html).toContain('aria-label="Drag lot 1"');
    expect(html).toContain('aria-label="Move lot 2 up"');
  });

  it('offers neither, and says why, when the event has more lots than the page', () => {
    const html = renderToStaticMarkup(<LotsTable eventId="evt_1" lots={[lot(1), lot(2)]} total={501} draft />);
    expect(html).toContain('The first 2 of 501 lots are shown; reordering needs every lot on one page');
    expect(html).not.toContain('Drag lot');
    expect(html).not.toContain('Move lot');
    expect(html).toContain('aria-label="Delete lot 1"');
  });
});
