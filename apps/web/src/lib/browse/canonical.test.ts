import { describe, expect, it } from 'vitest';
import { canonicalBrowseUrl } from './canonical';
import { parseBrowseState } from './state';

const lots = (raw: Record<string, string>, slug?: string) =>
  canonicalBrowseUrl(
    parseBrowseState(raw, raw.browse === 'events' ? 'events' : 'assets', slug),
    slug ? `/marketplace/lots/${slug}` : '/marketplace/lots',
    raw,
  );
const events = (raw: Record<string, string>) =>
  canonicalBrowseUrl(parseBrowseState(raw, 'events'), '/marketplace/events', raw);

describe('canonicalBrowseUrl', () => {
  it('accepts a canonical address in any parameter order', () => {
    expect(lots({})).toBeNull();
    expect(lots({ status: 'past', 'sale-format': 'auction' })).toBeNull();
    expect(events({ status: 'past' })).toBeNull();
    expect(lots({ status: 'past' }, 'pumps')).toBeNull();
  });
  it('redirects a raw keyword, a default and a stray value', () => {
    expect(lots({ keyword: ' ab12 ' })).toBe('/marketplace/lots?keyword=ID%3AAB12');
    expect(lots({ page: '1', 'sale-format': 'all' })).toBe('/marketplace/lots');
    expect(lots({ 'product-category': 'x' }, 'pumps')).toBe('/marketplace/lots/pumps');
    expect(events({ browse: 'events' })).toBe('/marketplace/events');
  });
  it('sends browse=events on the lots route to the events page', () => {
    expect(lots({ browse: 'events', status: 'past' })).toBe('/marketplace/events?status=past');
  });
});
