import type { LegacyLot as ApiLegacyLot, LotResponse } from '@lotline/contracts';
import { describe, expect, it } from 'vitest';
import { makeEventLotDetail } from '../../test/event-lot-factory';
import { isCanonicalLotPath, lotCanonicalPath, parseLotPath } from './lot-path';

const eventLot = makeEventLotDetail;

const legacy = (overrides: Partial<ApiLegacyLot>): LotResponse => ({
  kind: 'legacy-lot',
  lot: {
    id: 'lg_1',
    title: 'Cincinnati Press Brake',
    title_seo: 'used-press-brake-ohio',
    number: '7',
    status: 'Active',
    photos: [],
    photo_url: null,
    ended_at: null,
    listing_price: null,
    currency: { name: 'USD' },
    company: null,
    address_string: null,
    mode: 'lot',
    auction: { type: 'auction' },
    auctionLotBidsCount: 0,
    bids: [],
    ars_event_lot_id: null,
    ...overrides,
  },
});

describe('lotCanonicalPath', () => {
  it('event lots: the name slug and the mp2Id first', () => {
    expect(lotCanonicalPath(eventLot({ _id: 'lot_9', mp2Id: 'mp2_9', parentId: 'p_9' }))).toBe(
      '/marketplace/bid/haas-vf-2-cnc-vertical-machining-center/mp2_9',
    );
  });
  it('event lots: else the parent id, else the item id', () => {
    expect(lotCanonicalPath(eventLot({ _id: 'lot_9', mp2Id: null, parentId: 'p_9' }))).toBe(
      '/marketplace/bid/haas-vf-2-cnc-vertical-machining-center/p_9',
    );
    expect(lotCanonicalPath(eventLot({ _id: 'lot_9', mp2Id: null, parentId: null }))).toBe(
      '/marketplace/bid/haas-vf-2-cnc-vertical-machining-center/lot_9',
    );
  });
  it('legacy lots: the SEO title, else the title, and their own id', () => {
    expect(lotCanonicalPath(legacy({}))).toBe('/marketplace/bid/used-press-brake-ohio/lg_1');
    expect(lotCanonicalPath(legacy({ title_seo: '' }))).toBe('/marketplace/bid/cincinnati-press-brake/lg_1');
  });
});

describe('parseLotPath', () => {
  it('reads the slug and the decoded id', () => {
    expect(parseLotPath('/marketplace/bid/some-lathe/mp2_1')).toEqual({ slug: 'some-lathe', lotId: 'mp2_1' });
    expect(parseLotPath('/marketplace/bid/x/a%2Fb%20c')).toEqual({ slug: 'x', lotId: 'a/b c' });
  });
  it('refuses other paths', () => {
    for (const path of [
      '/marketplace/bid/only-slug',
      '/marketplace/bid/a/b/c',
      '/marketplace/bid//id',
      '/marketplace/bid/slug/',
      '/marketplace/lots/a/b',
      '/marketplace/bid/slug/%E0%A4%A',
    ])
      expect(parseLotPath(path), path).toBeNull();
  });
});

describe('isCanonicalLotPath', () => {
  const canonical = '/marketplace/bid/some-lathe/mp2_1';
  it('accepts the canonical path, however its id is encoded', () => {
    expect(isCanonicalLotPath({ slug: 'some-lathe', lotId: 'mp2_1' }, canonical)).toBe(true);
    expect(isCanonicalLotPath({ slug: 'x', lotId: 'a/b' }, '/marketplace/bid/x/a%2Fb')).toBe(true);
  });
  it('refuses an old slug or another id of the same lot', () => {
    expect(isCanonicalLotPath({ slug: 'old-name', lotId: 'mp2_1' }, canonical)).toBe(false);
    expect(isCanonicalLotPath({ slug: 'some-lathe', lotId: 'lot_1' }, canonical)).toBe(false);
  });
});
