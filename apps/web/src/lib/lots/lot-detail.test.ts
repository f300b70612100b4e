import type { LotResponse } from '@lotline/contracts';
import { describe, expect, it } from 'vitest';
import { makeEventLotDetail } from '../../test/event-lot-factory';
import { lotDescription, lotDetailModel } from './lot-detail';
import { lotDocumentFiles, lotFiles } from './lot-files';
import { lotJsonLd } from './lot-json-ld';

const NOW = Date.parse('2026-11-20T12:00:00Z');
const EVENT = {
  _id: 'ev_1',
  name: 'Spring Machinery Auction',
  title: 'Spring',
  status: 'published' as const,
  privateSale: false,
  saleFormat: 'auction' as const,
  startAt: '2026-11-01T00:00:00Z',
  endAt: '2026-12-01T00:00:00Z',
};

const legacy: LotResponse = {
  kind: 'legacy-lot',
  lot: {
    id: 'lg_1',
    title: 'Cincinnati Press Brake',
    title_seo: 'used-press-brake-ohio',
    number: '7',
    status: 'Sold',
    photos: [{ url: '/files/a.jpg' }],
    photo_url: null,
    ended_at: '2026-01-01T00:00:00Z',
    listing_price: 1250000,
    currency: { name: 'CAD' },
    company: { id: 'co_9', slug: 'old-co', display_name: null, name: 'Old Co' },
    address_string: 'Dayton, OH',
    mode: 'lot',
    auction: { type: 'auction' },
    auctionLotBidsCount: 3,
    bids: [],
    ars_event_lot_id: null,
  },
};

describe('lotDetailModel', () => {
  it('event lot: seller and event links, place, every photo, and only the logistics that are set', () => {
    const answer = makeEventLotDetail({
      event: EVENT,
      dispositionLocation: { city: 'Dayton', region: 'OH', country: 'US' },
      riggingParty: 'seller',
      riggingCost: 120000,
      loadingParty: 'buyer',
      shippingParty: '3pl',
      shippingOptions: ['pickup', 'fee'],
      shippingPackageType: 'pallets',
      shippingPackageCount: 2,
      quantity: 3,
      centralFileLinks: ['/a.jpg', '/b.jpg', '/c.jpg', '/d.jpg', '/e.jpg', '/f.jpg'].map((s3Url, i) => ({
        _id: `cf_${i}`,
        type: 'image' as const,
        centralFile: { s3Url },
        previousCentralFileLinkId: null,
      })),
    });
    const model = lotDetailModel(answer, NOW);
    expect(model.path).toBe('/marketplace/bid/haas-vf-2-cnc-vertical-machining-center/mp2_1');
    expect(model.urlId).toBe('mp2_1');
    expect(model.documentId).toBe('lot_1');
    expect(model.photos).toHaveLength(6);
    expect(model.photos[5]?.alt).toBe('Photo 6 of 6 of Haas VF-2 CNC Vertical Machining Center');
    expect(model.seller).toEqual({ name: 'Acme Industrial', href: '/marketplace/seller/acme/co_1' });
    expect(model.event).toEqual({
      _id: 'ev_1',
      name: 'Spring Machinery Auction',
      href: '/marketplace/event/spring-machinery-auction/ev_1',
    });
    expect(model.location).toBe('Dayton, OH, US');
    expect(Object.fromEntries(model.facts.map((f) => [f.label, f.value]))).toEqual({
      'Lot number': '101',
      Quantity: '3',
      'Starting bid': '$5,000',
      // The lot's local time (Dayton, Ohio: Eastern), named.
      Closes: 'Nov 30, 2026, 7:00 PM EST',
      Rigging: 'Seller, $1,200',
      Loading: 'Buyer',
      Shipping: 'Third-party logistics (3PL)',
      'Shipping options': 'Pickup, Shipping for a fee',
      Packaging: '2 pallets',
    });
    expect(model.closed).toBe(false);
    expect(model.card.saleLabel).toBe('AUCTION');
    expect(model.card.timer).not.toBeNull();
    // The signed-in user's time zone wins over the lot's.
    const closes = (m: ReturnType<typeof lotDetailModel>) => m.facts.find((f) => f.label === 'Closes')?.value;
    expect(closes(lotDetailModel(answer, NOW, 'America/Los_Angeles'))).toBe('Nov 30, 2026, 4:00 PM PST');
    // The zone the page hands the bid panel is the one the facts use.
    expect(model.timeZone).toBe('America/New_York');
    expect(lotDetailModel(answer, NOW, 'America/Los_Angeles').timeZone).toBe('America/Los_Angeles');
    // No user zone and no known place: UTC, said so.
    expect(
      closes(lotDetailModel(makeEventLotDetail({ dispositionLocation: null, companyLocation: null }), NOW)),
    ).toMatch(/ UTC$/);
  });

  it('a sold or ended lot is closed', () => {
    expect(lotDetailModel(makeEventLotDetail({ status: 'Sold' }), NOW).closed).toBe(true);
    expect(lotDetailModel(makeEventLotDetail({ status: 'Ended' }), NOW).closed).toBe(true);
    expect(lotDetailModel(makeEventLotDetail({ status: 'Ended' }), NOW).card.state).toBe('ENDED');
    expect(lotDetailModel(makeEventLotDetail({ status: 'Pending' }), NOW).closed).toBe(false);
  });

  it('legacy lot: the SEO slug, its seller page, its address', () => {
    const model = lotDetailModel(legacy, NOW);
    expect(model.path).toBe('/marketplace/bid/used-press-brake-ohio/lg_1');
    expect(model.documentId).toBeNull();
    expect(model.seller).toEqual({ name: 'Old Co', href: '/marketplace/seller/old-co/co_9' });
    expect(model.location).toBe('Dayton, OH');
    expect(model.card.price).toEqual({ label: 'Listing price', text: 'CA$12,500' });
    expect(model.closed).toBe(true);
  });

  it('describes a lot without a description from its facts', () => {
    const model = lotDetailModel(makeEventLotDetail({ description: '' }), NOW);
    expect(lotDescription(model)).toBe(
      'Haas VF-2 CNC Vertical Machining Center: auction lot 101, sold by Acme Industrial on Lotline. Starting bid: $5,000.',
    );
    expect(lotDescription(lotDetailModel(makeEventLotDetail({ description: 'A fine mill.' }), NOW))).toBe(
      'A fine mill.',
    );
  });
});

describe('lotJsonLd', () => {
  it('is a Product with an Offer: current bid as a decimal, currency, availability, url, seller, sku', () => {
    const answer = makeEventLotDetail({ currentBid: { amount: 1234550 }, brand: { name: 'Haas', uniqueName: 'haas' } });
    const data = lotJsonLd(answer, lotDetailModel(answer, NOW));
    expect(data).toMatchObject({
      '@type': 'Product',
      name: 'Haas VF-2 CNC Vertical Machining Center',
      sku: 'mp2_1',
      url: 'http://localhost:3000/marketplace/bid/haas-vf-2-cnc-vertical-machining-center/mp2_1',
      image: ['http://localhost:3000/files/demo-photos/cnc.svg?w=1200'],
      brand: { '@type': 'Brand', name: 'Haas' },
      offers: {
        '@type': 'Offer',
        price: '12345.50',
        priceCurrency: 'USD',
        availability: 'https://schema.org/InStock',
        seller: {
          '@type': 'Organization',
          name: 'Acme Industrial',
          url: 'http://localhost:3000/marketplace/seller/acme/co_1',
        },
      },
    });
  });

  it('uses the buy-now price, the starting bid, and says when a lot is sold; no price when none is set', () => {
    const buyNow = makeEventLotDetail({ type: 'BuyItNowItem', buyItNowPrice: 99900, currency: 'CAD' });
    expect(lotJsonLd(buyNow, lotDetailModel(buyNow, NOW)).offers).toMatchObject({
      price: '999.00',
      priceCurrency: 'CAD',
    });
    const sold = makeEventLotDetail({ status: 'Sold' });
    expect(lotJsonLd(sold, lotDetailModel(sold, NOW)).offers).toMatchObject({
      price: '5000.00',
      availability: 'https://schema.org/SoldOut',
    });
    const tender = makeEventLotDetail({ type: 'TenderLot', startingBid: null });
    expect(lotJsonLd(tender, lotDetailModel(tender, NOW)).offers).not.toHaveProperty('price');
    expect(lotJsonLd(legacy, lotDetailModel(legacy, NOW)).offers).toMatchObject({
      price: '12500.00',
      priceCurrency: 'CAD',
      availability: 'https://schema.org/SoldOut',
    });
  });
});

describe('lotFiles', () => {
  it('names each document by its description, else its file name, with the type from the extension', () => {
    expect(
      lotFiles([
        { _id: 'a', url: '/files/demo-attachments/Terms%20of%20sale.pdf', description: 'Terms of sale' },
        { _id: 'b', url: '/files/x/photo.JPG?v=2', description: ' ' },
        { _id: 'c', url: '/files/x/README', description: '' },
      ]),
    ).toEqual([
      {
        _id: 'a',
        url: '/files/demo-attachments/Terms%20of%20sale.pdf',
        title: 'Terms of sale',
        fileName: 'Terms of sale.pdf',
        type: 'PDF',
      },
      { _id: 'b', url: '/files/x/photo.JPG?v=2', title: 'photo.JPG', fileName: 'photo.JPG', type: 'JPG' },
      { _id: 'c', url: '/files/x/README', title: 'README', fileName: 'README', type: 'File' },
    ]);
  });
});

describe('lotDocumentFiles', () => {
  it('lists the lot’s own documents by description, else file name, with type and size', () => {
    expect(
      lotDocumentFiles([
        { url: '/files/uploads/a.pdf', description: 'Operator manual', fileName: 'manual.pdf', size: 2048 },
        { url: '/files/uploads/b.xlsx', description: '  ', fileName: 'Parts.xlsx', size: 500 },
      ]),
    ).toEqual([
      {
        _id: '0:/files/uploads/a.pdf',
        url: '/files/uploads/a.pdf',
        title: 'Operator manual',
        fileName: 'manual.pdf',
        type: 'PDF',
        size: '2 KB',
      },
      {
        _id: '1:/files/uploads/b.xlsx',
        url: '/files/uploads/b.xlsx',
        title: 'Parts.xlsx',
        fileName: 'Parts.xlsx',
        type: 'XLSX',
        size: '500 bytes',
      },
    ]);
  });

  it('keys one upload attached twice apart', () => {
    const twice = { url: '/files/uploads/a.pdf', description: 'Manual', fileName: 'manual.pdf', size: 1 };
    const keys = lotDocumentFiles([twice, { ...twice, description: 'Manual (again)' }]).map((f) => f._id);
    expect(new Set(keys).size).toBe(2);
  });
});
