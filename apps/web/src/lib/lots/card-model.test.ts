import { describe, expect, it } from 'vitest';
import { makeEventLot } from '../../test/event-lot-factory';
import { BEST_OFFER_TEXT, bidsText, cardState, lotCardModel, PHOTOS_PER_VIEW, timerFor } from './card-model';

const NOW = Date.parse('2026-11-20T12:00:00Z');
const at = { now: NOW };

describe('lotCardModel (event lot)', () => {
  it('shows the first image, title, seller display name and link', () => {
    const m = lotCardModel({ eventLot: makeEventLot() }, at);
    expect(m.photos).toEqual([
      { src: '/files/demo-photos/cnc.svg', alt: 'Photo of Haas VF-2 CNC Vertical Machining Center' },
    ]);
    expect(m.title).toBe('Haas VF-2 CNC Vertical Machining Center');
    expect(m.sellerName).toBe('Acme Industrial');
    expect(m.href).toBe('/marketplace/bid/haas-vf-2-cnc-vertical-machining-center/mp2_1');
  });
  it('falls back to the company name and to no photo', () => {
    const m = lotCardModel(
      {
        eventLot: makeEventLot({
          centralFileLinks: [],
          company: { _id: 'c', slug: 'c', name: 'Acme Inc.', displayName: null },
        }),
      },
      at,
    );
    expect(m.sellerName).toBe('Acme Inc.');
    expect(m.photos).toEqual([]);
  });
  it('labels auctions with the current bid when there is one, else the starting bid', () => {
    const open = lotCardModel({ eventLot: makeEventLot({ currentBid: { amount: 1250050 }, bidsCount: 3 }) }, at);
    expect(open).toMatchObject({ saleLabel: 'AUCTION', price: { label: 'Current bid', text: '$12,500.50' } });
    expect(open.bidsText).toBe('3 bids');
    const fresh = lotCardModel({ eventLot: makeEventLot({ currentBid: null, startingBid: 500000 }) }, at);
    expect(fresh.price).toEqual({ label: 'Starting bid', text: '$5,000' });
    expect(fresh.bidsText).toBe('0 bids');
  });
  it('names the lot for the live stream, with the currency only where the price is a bid', () => {
    const auction = makeEventLot({ currency: 'EUR' });
    expect(lotCardModel({ eventLot: auction }, at).live).toEqual({ lotId: auction._id, currency: 'EUR' });
    const buyNow = makeEventLot({ type: 'BuyItNowItem', buyItNowPrice: 100 });
    expect(lotCardModel({ eventLot: buyNow }, at).live).toEqual({ lotId: buyNow._id, currency: null });
  });
  it('shows the buy-now price in the lot currency and no bid count', () => {
    const m = lotCardModel(
      {
        eventLot: makeEventLot({ type: 'BuyItNowItem', buyItNowPrice: 4999900, startingBid: null, currency: 'CAD' }),
      },
      at,
    );
    expect(m).toMatchObject({ saleLabel: 'BUY NOW', price: { label: 'Buy now price', text: 'CA$49,999' } });
    expect(m.bidsText).toBeNull();
  });
  it('labels tenders and hides their bid count', () => {
    const m = lotCardModel({ eventLot: makeEventLot({ type: 'TenderLot', bidsCount: 4 }) }, at);
    expect(m.saleLabel).toBe('TENDER');
    expect(m.bidsText).toBeNull();
  });
  it('says there is no minimum when a bid lot has no amount yet', () => {
    expect(lotCardModel({ eventLot: makeEventLot({ currentBid: null, startingBid: null }) }, at).price).toEqual({
      label: 'Starting bid',
      text: 'No minimum',
    });
  });
  it('shows no price for a buy-now lot without one', () => {
    const lot = makeEventLot({ type: 'BuyItNowItem', buyItNowPrice: null, startingBid: null });
    expect(lotCardModel({ eventLot: lot }, at).price).toBeNull();
  });
});

describe('buy now on the card (issue 15)', () => {
  const buyNow = (o: Parameters<typeof makeEventLot>[0] = {}) =>
    makeEventLot({ type: 'BuyItNowItem', buyItNowPrice: 10_000, startingBid: null, quantity: 1, ...o });

  it('shows the all-in price under the price when the API sends one (BUY_NOW_ALL_IN_PRICING on)', () => {
    const m = lotCardModel({ eventLot: buyNow({ allInPrice: 12_449 }) }, at);
    expect(m.price).toEqual({ label: 'Buy now price', text: '$100' });
    expect(m.allIn).toEqual({ label: 'All-in price', text: '$124.49' });
  });
  it('shows the plain price only when it does not (flag off) and never for other formats', () => {
    expect(lotCardModel({ eventLot: buyNow() }, at).allIn).toBeNull();
    expect(lotCardModel({ eventLot: makeEventLot({ allInPrice: 12_449 }) }, at).allIn).toBeNull();
  });
  it('offers "Buy now" from the card only where a single unit remains on sale', () => {
    expect(lotCardModel({ eventLot: buyNow() }, at).buyHref).toBe(
      '/marketplace/bid/haas-vf-2-cnc-vertical-machining-center/mp2_1?buy=1',
    );
    expect(lotCardModel({ eventLot: buyNow({ quantity: 2 }) }, at).buyHref).toBeNull();
    expect(lotCardModel({ eventLot: buyNow({ quantity: 0, status: 'Sold' }) }, at).buyHref).toBeNull();
    expect(lotCardModel({ eventLot: buyNow({ endedAt: '2026-11-20T11:00:00Z' }) }, at).buyHref).toBeNull();
    expect(lotCardModel({ eventLot: buyNow({ startAt: '2026-11-21T00:00:00Z' }) }, at).buyHref).toBeNull();
    expect(lotCardModel({ eventLot: makeEventLot() }, at).buyHref).toBeNull();
  });
  it('offers no purchase from a paused event or a suspended seller (view-only)', () => {
    expect(lotCardModel({ eventLot: buyNow({ paused: true }) }, at).buyHref).toBeNull();
    expect(lotCardModel({ eventLot: buyNow({ viewOnly: true }) }, at).buyHref).toBeNull();
  });
  it("stops a paused lot's timer, even past its end, and does not call it ending soon", () => {
    const soon = makeEventLot({ paused: true, endedAt: '2026-11-20T13:00:00Z' });
    const m = lotCardModel({ eventLot: soon }, at);
    expect(m.timer).toEqual({ endsAt: Date.parse('2026-11-20T13:00:00Z'), statusText: 'ACTIVE', paused: true });
    expect(m.endingSoon).toBe(false);
    const past = makeEventLot({ type: 'BuyItNowItem', paused: true, endedAt: '2026-11-20T11:00:00Z' });
    expect(lotCardModel({ eventLot: past }, at).timer?.paused).toBe(true);
    expect(lotCardModel({ eventLot: makeEventLot({ paused: true, status: 'Sold' }) }, at).timer).toBeNull();
    expect(lotCardModel({ eventLot: makeEventLot() }, at).timer?.paused).toBeUndefined();
  });
});

describe('lotCardModel (legacy lot)', () => {
  it('maps the legacy fields', () => {
    const m = lotCardModel(
      {
        lot: {
          id: 7,
          title: 'Press Brake',
          status: 'Active',
          photo_url: '/files/p.jpg',
          listing_price: 100000,
          currency: { name: 'USD' },
          company: { display_name: null, name: 'Old Co' },
          auction: { type: 'tender' },
        },
      },
      at,
    );
    expect(m).toMatchObject({
      href: '/marketplace/bid/press-brake/7',
      saleLabel: 'TENDER',
      sellerName: 'Old Co',
      price: { label: 'Listing price', text: '$1,000' },
      photos: [{ src: '/files/p.jpg', alt: 'Photo of Press Brake' }],
      bidsText: null,
      // Legacy lots have no live stream.
      live: null,
    });
  });
});

describe('lotCardModel guard', () => {
  it('throws the spec message without a lot or an event lot', () => {
    expect(() => lotCardModel({}, at)).toThrow(new Error('Either lot or eventLot is required'));
  });
});

describe('bidsText', () => {
  it('pluralises', () => {
    expect(bidsText(1)).toBe('1 bid');
    expect(bidsText(1200)).toBe('1,200 bids');
  });
});

const photoLinks = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    _id: `cf_${i}`,
    type: 'image' as const,
    centralFile: { s3Url: `/files/p${i}.jpg` },
    previousCentralFileLinkId: null,
  }));

describe('photos per view (spec §9)', () => {
  it('shows 1 for short, 3 in list mode, otherwise 5', () => {
    const lot = makeEventLot({ centralFileLinks: photoLinks(7) });
    expect(lotCardModel({ eventLot: lot }, { now: NOW, view: 'short' }).photos).toHaveLength(1);
    expect(lotCardModel({ eventLot: lot }, { now: NOW, view: 'list' }).photos).toHaveLength(3);
    const grid = lotCardModel({ eventLot: lot }, at).photos;
    expect(grid).toHaveLength(PHOTOS_PER_VIEW.grid);
    expect(grid[1]).toEqual({ src: '/files/p1.jpg', alt: 'Photo 2 of 5 of Haas VF-2 CNC Vertical Machining Center' });
  });
  it('skips links that are not images', () => {
    const links = [{ ...photoLinks(1)[0], type: 'document' }, ...photoLinks(1)] as never;
    expect(lotCardModel({ eventLot: makeEventLot({ centralFileLinks: links }) }, at).photos).toHaveLength(1);
  });
});

describe('card states (spec §4)', () => {
  it('SOLD for sold lots and every order status', () => {
    for (const status of ['Sold', 'OrderPending', 'OrderPaid', 'OrderCancelled'] as const) {
      expect(cardState(status, 'AuctionLot')).toBe('SOLD');
      expect(cardState(status, 'BuyItNowItem')).toBe('SOLD');
    }
  });
  it('UNAVAILABLE for a buy-now lot that is not active, ENDED for unsold lots', () => {
    expect(cardState('Unsold', 'BuyItNowItem')).toBe('UNAVAILABLE');
    expect(cardState('Paused', 'BuyItNowItem')).toBe('UNAVAILABLE');
    expect(cardState('Unsold', 'AuctionLot')).toBe('ENDED');
    expect(cardState('Unsold', 'TenderLot')).toBe('ENDED');
    expect(cardState('Active', 'AuctionLot')).toBeNull();
    expect(cardState('Active', 'BuyItNowItem')).toBeNull();
  });
  it('ENDED for an event lot whose status is Ended, whatever its end time says', () => {
    expect(cardState('Ended', 'AuctionLot')).toBe('ENDED');
    expect(cardState('Ended', 'TenderLot')).toBe('ENDED');
    const future = new Date(at.now + 3 * 24 * 60 * 60 * 1000).toISOString();
    const card = lotCardModel({ eventLot: makeEventLot({ status: 'Ended', endedAt: future }) }, at);
    expect(card.state).toBe('ENDED');
    expect(card.timer).toBeNull();
  });
  it('is part of the model', () => {
    expect(lotCardModel({ eventLot: makeEventLot({ status: 'OrderPaid' }) }, at).state).toBe('SOLD');
  });
});

describe('timer and highlight (spec §4)', () => {
  const end = '2026-11-21T06:00:00Z';
  it('is shown only for active lots', () => {
    expect(timerFor('Active', 'AuctionLot', end, NOW)).toEqual({ endsAt: Date.parse(end), statusText: 'ACTIVE' });
    expect(timerFor('Sold', 'AuctionLot', end, NOW)).toBeNull();
    expect(timerFor('Active', 'AuctionLot', null, NOW)).toBeNull();
  });
  it('needs a future end for buy-now lots', () => {
    expect(timerFor('Active', 'BuyItNowItem', end, NOW)).not.toBeNull();
    expect(timerFor('Active', 'BuyItNowItem', '2026-11-20T11:59:59Z', NOW)).toBeNull();
    expect(timerFor('Active', 'AuctionLot', '2026-11-20T11:59:59Z', NOW)).not.toBeNull();
  });
  it('highlights an active lot with at most a day left', () => {
    const soon = lotCardModel({ eventLot: makeEventLot({ endedAt: '2026-11-21T12:00:00Z' }) }, at);
    expect(soon.endingSoon).toBe(true);
    const later = lotCardModel({ eventLot: makeEventLot({ endedAt: '2026-11-21T12:00:01Z' }) }, at);
    expect(later.endingSoon).toBe(false);
    const sold = lotCardModel({ eventLot: makeEventLot({ status: 'Sold', endedAt: '2026-11-21T00:00:00Z' }) }, at);
    expect(sold.endingSoon).toBe(false);
  });
});

describe('Best Offer and delivery', () => {
  it('flags Best Offer with the spec text', () => {
    expect(lotCardModel({ eventLot: makeEventLot({ bestOfferEnabled: true }) }, at).bestOffer).toBe(true);
    expect(BEST_OFFER_TEXT).toBe('The seller is reviewing all competitive offers on this listing.');
  });
  it('labels managed shipping in list mode only', () => {
    const lot = makeEventLot({ managedShipping: true });
    expect(lotCardModel({ eventLot: lot }, { now: NOW, view: 'list' }).deliveryAvailable).toBe(true);
    expect(lotCardModel({ eventLot: lot }, at).deliveryAvailable).toBe(false);
    expect(lotCardModel({ eventLot: makeEventLot() }, { now: NOW, view: 'list' }).deliveryAvailable).toBe(false);
  });
});
