import { describe, expect, it } from 'vitest';
import { makeEventLot } from '../../test/event-lot-factory';
import { bidsText, lotCardModel } from './card-model';

describe('lotCardModel (event lot)', () => {
  it('shows the first image, title, seller display name and link', () => {
    const m = lotCardModel({ eventLot: makeEventLot() });
    expect(m.photo).toEqual({
      src: '/files/demo-photos/cnc.svg',
      alt: 'Photo of Haas VF-2 CNC Vertical Machining Center',
    });
    expect(m.title).toBe('Haas VF-2 CNC Vertical Machining Center');
    expect(m.sellerName).toBe('Acme Industrial');
    expect(m.href).toBe('/marketplace/bid/haas-vf-2-cnc-vertical-machining-center/mp2_1');
  });
  it('falls back to the company name and to no photo', () => {
    const m = lotCardModel({
      eventLot: makeEventLot({
        centralFileLinks: [],
        company: { _id: 'c', slug: 'c', name: 'Acme Inc.', displayName: null },
      }),
    });
    expect(m.sellerName).toBe('Acme Inc.');
    expect(m.photo).toBeNull();
  });
  it('labels auctions with the current bid when there is one, else the starting bid', () => {
    const open = lotCardModel({ eventLot: makeEventLot({ currentBid: { amount: 1250050 }, bidsCount: 3 }) });
    expect(open).toMatchObject({ saleLabel: 'AUCTION', price: { label: 'Current bid', text: '$12,500.50' } });
    expect(open.bidsText).toBe('3 bids');
    const fresh = lotCardModel({ eventLot: makeEventLot({ currentBid: null, startingBid: 500000 }) });
    expect(fresh.price).toEqual({ label: 'Starting bid', text: '$5,000' });
    expect(fresh.bidsText).toBe('0 bids');
  });
  it('shows the buy-now price in the lot currency and no bid count', () => {
    const m = lotCardModel({
      eventLot: makeEventLot({ type: 'BuyItNowItem', buyItNowPrice: 4999900, startingBid: null, currency: 'CAD' }),
    });
    expect(m).toMatchObject({ saleLabel: 'BUY NOW', price: { label: 'Buy now price', text: 'CA$49,999' } });
    expect(m.bidsText).toBeNull();
  });
  it('labels tenders and hides their bid count', () => {
    const m = lotCardModel({ eventLot: makeEventLot({ type: 'TenderLot', bidsCount: 4 }) });
    expect(m.saleLabel).toBe('TENDER');
    expect(m.bidsText).toBeNull();
  });
  it('says there is no minimum when a bid lot has no amount yet', () => {
    expect(lotCardModel({ eventLot: makeEventLot({ currentBid: null, startingBid: null }) }).price).toEqual({
      label: 'Starting bid',
      text: 'No minimum',
    });
  });
  it('shows no price for a buy-now lot without one', () => {
    const lot = makeEventLot({ type: 'BuyItNowItem', buyItNowPrice: null, startingBid: null });
    expect(lotCardModel({ eventLot: lot }).price).toBeNull();
  });
});

describe('lotCardModel (legacy lot)', () => {
  it('maps the legacy fields', () => {
    const m = lotCardModel({
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
    });
    expect(m).toMatchObject({
      href: '/marketplace/bid/press-brake/7',
      saleLabel: 'TENDER',
      sellerName: 'Old Co',
      price: { label: 'Listing price', text: '$1,000' },
      photo: { src: '/files/p.jpg', alt: 'Photo of Press Brake' },
      bidsText: null,
    });
  });
});

describe('lotCardModel guard', () => {
  it('throws the spec message without a lot or an event lot', () => {
    expect(() => lotCardModel({})).toThrow(new Error('Either lot or eventLot is required'));
  });
});

describe('bidsText', () => {
  it('pluralises', () => {
    expect(bidsText(1)).toBe('1 bid');
    expect(bidsText(1200)).toBe('1,200 bids');
  });
});
