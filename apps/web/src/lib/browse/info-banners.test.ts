import { describe, expect, it } from 'vitest';
import { type BannerInput, infoBanners } from './info-banners';

const base: BannerInput = { resultsCount: 10, fallbackKind: null, soldFiller: false, categoryFillers: false };
const texts = (input: Partial<BannerInput>) => infoBanners({ ...base, ...input }).map((b) => b.text);

describe('infoBanners (spec §2 table)', () => {
  it('shows nothing for a plain browse with results', () => {
    expect(texts({})).toEqual([]);
  });
  it('says a keyword search without a category searched across all categories', () => {
    expect(texts({ keyword: 'lathe' })).toEqual([
      "To help you find what you're looking for, we searched across all categories",
    ]);
    expect(texts({ keyword: '   ' })).toEqual([]);
    expect(texts({ keyword: 'lathe', category: 'metalworking' })).toEqual([]);
  });
  it('says no listings match, and points to the sold filler when there is one', () => {
    expect(texts({ resultsCount: 0 })).toEqual(['No active listings match your search.']);
    expect(texts({ resultsCount: 0, soldFiller: true })).toEqual([
      'No active listings match your search.',
      'Here are some similar items we’ve recently sold.',
    ]);
  });
  it('has its own text for an empty category', () => {
    expect(texts({ resultsCount: 0, category: 'cranes' })).toEqual([
      'We have no active listings for this category right now.',
    ]);
  });
  it('introduces the fallback to past assets with the keyword, or "matching assets"', () => {
    expect(texts({ resultsCount: 0, keyword: 'forklift', category: 'x', fallbackKind: 'past' })).toEqual([
      'We have no active listings for this category right now.',
      "We don't have any forklift available right now.",
      'Here are some that we have sold before.',
    ]);
    expect(texts({ resultsCount: 0, category: 'x', fallbackKind: 'past' })).toContain(
      "We don't have any matching assets available right now.",
    );
  });
  it('introduces popular assets with the check-back text and a heading', () => {
    const banners = infoBanners({ ...base, resultsCount: 0, fallbackKind: 'popular' });
    expect(banners.slice(1)).toEqual([
      {
        kind: 'note',
        text: 'New lots are added regularly - check back soon or view our buy now assets!',
        buyNowLink: true,
      },
      { kind: 'heading', text: 'THESE POPULAR ASSETS MIGHT INTEREST YOU' },
    ]);
  });
  it('says New Events for auctions, else New Lots, when there is nothing at all', () => {
    expect(texts({ resultsCount: 0, fallbackKind: 'none', saleFormat: 'auction' }).slice(1)).toEqual([
      'New Events',
      'New lots are added regularly - check back soon or view our buy now assets!',
    ]);
    expect(texts({ resultsCount: 0, fallbackKind: 'none', saleFormat: 'buy-now' })[1]).toBe('New Lots');
    expect(texts({ resultsCount: 0, fallbackKind: 'none' })[1]).toBe('New Lots');
  });
  it('suggests more of the category when it has filler sections', () => {
    expect(texts({ category: 'cranes', categoryFillers: true })).toEqual([
      'You might also like these assets based on this category',
    ]);
    expect(texts({ categoryFillers: true })).toEqual([]);
  });
});
