import { describe, expect, it } from 'vitest';
import { makeEventLot } from '../../test/event-lot-factory';
import { eventLotHref, legacyLotHref, lotHref } from './lot-href';

describe('eventLotHref', () => {
  it('uses the name slug and the marketplace-2 id', () => {
    expect(eventLotHref(makeEventLot({ mp2Id: 'mp2_9', parentId: 'p_1' }))).toBe(
      '/marketplace/bid/haas-vf-2-cnc-vertical-machining-center/mp2_9',
    );
  });
  it('falls back to the parent id, then the lot id', () => {
    expect(eventLotHref(makeEventLot({ mp2Id: null, parentId: 'p_1' }))).toMatch(/\/p_1$/);
    expect(eventLotHref(makeEventLot({ mp2Id: null, parentId: null, _id: 'lot_7' }))).toMatch(/\/lot_7$/);
  });
  it('never leaves the slug segment empty', () => {
    expect(eventLotHref(makeEventLot({ name: '挖掘机' }))).toBe('/marketplace/bid/lot/mp2_1');
  });
  it('encodes ids that are not URL-safe', () => {
    expect(eventLotHref(makeEventLot({ mp2Id: 'a/b c' }))).toBe(
      '/marketplace/bid/haas-vf-2-cnc-vertical-machining-center/a%2Fb%20c',
    );
  });
});

describe('legacyLotHref', () => {
  it('slugs the SEO title, else the title', () => {
    expect(legacyLotHref({ id: 42, title: 'Lathe', title_seo: 'Used Lathe Toronto' })).toBe(
      '/marketplace/bid/used-lathe-toronto/42',
    );
    expect(legacyLotHref({ id: 43, title: 'Big Lathe', title_seo: null })).toBe('/marketplace/bid/big-lathe/43');
  });
});

describe('lotHref', () => {
  it('requires a lot or an event lot', () => {
    expect(() => lotHref({})).toThrow('Either lot or eventLot is required');
  });
});
