import { describe, expect, it } from 'vitest';
import { canonicalBrowseUrl } from './canonical';
import { parseBrowseState } from './state';

const check = (raw: Record<string, string>, browse: 'assets' | 'events' = 'assets', slug?: string) =>
  canonicalBrowseUrl(parseBrowseState(raw, raw.browse === 'events' ? 'events' : browse, slug), raw, slug);

describe('canonicalBrowseUrl', () => {
  it('accepts a canonical address in any parameter order', () => {
    expect(check({})).toBeNull();
    expect(check({ status: 'past', 'sale-format': 'auction' })).toBeNull();
    expect(check({ status: 'past' }, 'events')).toBeNull();
    expect(check({ status: 'past' }, 'assets', 'pumps')).toBeNull();
  });
  it('redirects a raw keyword, a default and a stray value', () => {
    expect(check({ keyword: ' ab12 ' })).toBe('/marketplace/lots?keyword=ID%3AAB12');
    expect(check({ page: '1', 'sale-format': 'all' })).toBe('/marketplace/lots');
    expect(check({ 'product-category': 'x' }, 'assets', 'pumps')).toBe('/marketplace/lots/pumps');
  });
  it('sends browse=events on the lots route to the events page', () => {
    expect(check({ browse: 'events', status: 'past' })).toBe('/marketplace/events?status=past');
  });
});
