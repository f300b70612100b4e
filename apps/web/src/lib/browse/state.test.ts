import { describe, expect, it } from 'vitest';
import { browseHref } from '../routes';
import {
  activeFilterCount,
  activeTab,
  applyChange,
  type BrowseState,
  effectiveSort,
  lotSearchQuery,
  normalizeKeyword,
  parseBrowseState,
  saleFormatOptions,
  sortOptions,
  visibleTabs,
} from './state';

const lots = (query = '') => parseBrowseState(Object.fromEntries(new URLSearchParams(query)), 'assets');
const events = (query = '') => parseBrowseState(Object.fromEntries(new URLSearchParams(query)), 'events');
const url = (state: BrowseState) => browseHref(state);
const categoryPage = (slug: string, query = '') =>
  parseBrowseState(Object.fromEntries(new URLSearchParams(query)), 'assets', slug);

describe('parseBrowseState', () => {
  it('reads every parameter of spec §2 and writes the same address back', () => {
    const query =
      'sale-format=auction&status=upcoming&sort=recent&ending-date=this-week&keyword=lathe&product-category=metalworking' +
      '&manufacturer=haas%2Cmazak&geo-distance=500mi&geo-lat=41.5&geo-lon=-87.25&view=list&page-size=45&page=3';
    expect(url(lots(query))).toBe(`/marketplace/lots?${query}`);
  });
  it('drops unknown values and defaults, so a stale link still renders', () => {
    expect(url(lots('sale-format=all&status=nope&ending-date=all&sort=x&page=0&page-size=20&view=tiles'))).toBe(
      '/marketplace/lots',
    );
  });
  it('drops a lone coordinate and coordinates without a distance or near-me', () => {
    expect(url(lots('geo-lat=41&geo-distance=100mi'))).toBe('/marketplace/lots?geo-distance=100mi');
    expect(url(lots('geo-lat=41&geo-lon=-87'))).toBe('/marketplace/lots');
    expect(url(lots('sort=near-me&geo-lat=41&geo-lon=-87'))).toBe(
      '/marketplace/lots?sort=near-me&geo-lat=41&geo-lon=-87',
    );
  });
  it('drops near-me without coordinates', () => {
    expect(lots('sort=near-me').sort).toBeUndefined();
  });
  it('normalizes the keyword of a hand-typed URL', () => {
    expect(lots('keyword=%20ab12%20').keyword).toBe('ID:AB12');
  });
});

describe('tabs (spec §2)', () => {
  it('All sets browse=assets and clears sale-format', () => {
    const next = applyChange(lots('sale-format=auction'), { kind: 'tab', tab: 'all' });
    expect(url(next)).toBe('/marketplace/lots');
    expect(applyChange(events(), { kind: 'tab', tab: 'all' }).browse).toBe('assets');
  });
  it('Events sets browse=events', () => {
    expect(url(applyChange(lots('keyword=pump'), { kind: 'tab', tab: 'events' }))).toBe(
      '/marketplace/events?keyword=pump',
    );
  });
  it('the other tabs set sale-format', () => {
    expect(applyChange(lots(), { kind: 'tab', tab: 'auction' }).saleFormat).toBe('auction');
    expect(applyChange(lots(), { kind: 'tab', tab: 'tender' }).saleFormat).toBe('tender');
    expect(applyChange(lots(), { kind: 'tab', tab: 'buy-now' }).saleFormat).toBe('buy-now');
  });
  it('every tab change resets page, page-size and ending-date', () => {
    const next = applyChange(lots('page=4&page-size=60&ending-date=48-hours&sort=recent'), {
      kind: 'tab',
      tab: 'auction',
    });
    expect(url(next)).toBe('/marketplace/lots?sale-format=auction&sort=recent');
  });
  it('a tab change resets the sort when it is ending-soon', () => {
    expect(applyChange(lots('sort=ending-soon'), { kind: 'tab', tab: 'auction' }).sort).toBeUndefined();
  });
  it('hides the Events tab in assets-only mode (a category page)', () => {
    expect(visibleTabs(categoryPage('pumps'))).toEqual(['all', 'auction', 'buy-now', 'tender']);
    expect(visibleTabs(lots('product-category=pumps'))).toContain('events');
  });
  it('keeps the category in the path on a category page', () => {
    const page = categoryPage('pumps', 'status=past');
    expect(url(applyChange(page, { kind: 'tab', tab: 'auction' }))).toBe(
      '/marketplace/lots/pumps?sale-format=auction&status=past',
    );
    expect(url(applyChange(page, { kind: 'category', slug: 'pumps-centrifugal' }))).toBe(
      '/marketplace/lots/pumps-centrifugal?status=past',
    );
    expect(url(applyChange(page, { kind: 'category', slug: undefined }))).toBe('/marketplace/lots?status=past');
  });
  it('knows the active tab', () => {
    expect(activeTab(lots())).toBe('all');
    expect(activeTab(lots('sale-format=buy-now'))).toBe('buy-now');
    expect(activeTab(events('sale-format=auction'))).toBe('events');
  });
});

describe('filter interactions (spec §4)', () => {
  it('buy-now clears ending-date and the ending-soon sort', () => {
    const next = applyChange(lots('ending-date=48-hours&sort=ending-soon'), { kind: 'sale-format', value: 'buy-now' });
    expect(url(next)).toBe('/marketplace/lots?sale-format=buy-now');
  });
  it('buy-now keeps any other sort', () => {
    expect(applyChange(lots('sort=recent'), { kind: 'sale-format', value: 'buy-now' }).sort).toBe('recent');
  });
  it('past clears ending-date, the ending-soon sort and the tender format', () => {
    const next = applyChange(lots('ending-date=this-week&sort=ending-soon&sale-format=tender'), {
      kind: 'status',
      value: 'past',
    });
    expect(url(next)).toBe('/marketplace/lots?status=past');
  });
  it('past keeps the auction format and another sort', () => {
    const next = applyChange(lots('sale-format=auction&sort=recent'), { kind: 'status', value: 'past' });
    expect(url(next)).toBe('/marketplace/lots?sale-format=auction&status=past&sort=recent');
  });
  it('events remove buy-now', () => {
    expect(applyChange(lots('sale-format=buy-now'), { kind: 'tab', tab: 'events' }).saleFormat).toBeUndefined();
    expect(events('sale-format=buy-now').saleFormat).toBeUndefined();
  });
  it('every change resets page and page-size', () => {
    const start = lots('page=3&page-size=60');
    for (const next of [
      applyChange(start, { kind: 'status', value: 'upcoming' }),
      applyChange(start, { kind: 'ending-date', value: '48-hours' }),
      applyChange(start, { kind: 'category', slug: 'pumps' }),
      applyChange(start, { kind: 'manufacturer', uniqueName: 'haas', selected: true }),
      applyChange(start, { kind: 'sort', value: 'recent' }),
      applyChange(start, { kind: 'keyword', text: 'drill' }),
    ]) {
      expect([next.page, next.pageSize]).toEqual([1, 30]);
    }
  });
  it('paging keeps the other parameters; a page size starts again at page 1', () => {
    expect(url(applyChange(lots('status=past&page=2'), { kind: 'page', page: 5 }))).toBe(
      '/marketplace/lots?status=past&page=5',
    );
    expect(url(applyChange(lots('page=4'), { kind: 'page-size', pageSize: 15 }))).toBe(
      '/marketplace/lots?page-size=15',
    );
  });
  it('near-me sets geo-lat and geo-lon from the browser', () => {
    const next = applyChange(lots(), { kind: 'sort', value: 'near-me', coords: { lat: 43.65, lon: -79.38 } });
    expect(url(next)).toBe('/marketplace/lots?sort=near-me&geo-lat=43.65&geo-lon=-79.38');
  });
  it('leaving near-me drops the coordinates unless a distance is set', () => {
    const near = lots('sort=near-me&geo-lat=43.65&geo-lon=-79.38');
    expect(url(applyChange(near, { kind: 'sort', value: 'recent' }))).toBe('/marketplace/lots?sort=recent');
    const withDistance = lots('sort=near-me&geo-distance=100mi&geo-lat=43.65&geo-lon=-79.38');
    expect(url(applyChange(withDistance, { kind: 'sort', value: 'recent' }))).toBe(
      '/marketplace/lots?sort=recent&geo-distance=100mi&geo-lat=43.65&geo-lon=-79.38',
    );
  });
  it('clearing the distance clears the coordinates', () => {
    const next = applyChange(lots('geo-distance=100mi&geo-lat=1&geo-lon=2'), { kind: 'distance', value: undefined });
    expect(url(next)).toBe('/marketplace/lots');
  });
  it('clearing the location text clears the coordinates (and near-me, which needs them)', () => {
    const next = applyChange(lots('sort=near-me&geo-distance=500mi&geo-lat=1&geo-lon=2'), {
      kind: 'location',
      place: null,
    });
    expect(url(next)).toBe('/marketplace/lots?geo-distance=500mi');
  });
  it('picking a place sets the default distance and the coordinates', () => {
    expect(url(applyChange(lots(), { kind: 'location', place: { lat: 41.88, lon: -87.63 } }))).toBe(
      '/marketplace/lots?geo-distance=1000mi&geo-lat=41.88&geo-lon=-87.63',
    );
    expect(applyChange(lots('geo-distance=100mi'), { kind: 'location', place: { lat: 1, lon: 2 } }).geoDistance).toBe(
      '100mi',
    );
  });
  it('offers tender only with past', () => {
    expect(saleFormatOptions(lots())).toEqual(['auction', 'buy-now']);
    expect(saleFormatOptions(lots('status=past'))).toEqual(['auction', 'buy-now', 'tender']);
  });
  it('offers buy-now only for lots', () => {
    expect(saleFormatOptions(events('status=past'))).toEqual(['auction', 'tender']);
  });
  it('past and tender views hide ending-soon', () => {
    expect(sortOptions(lots())).toEqual(['ending-soon', 'recent', 'sequence', 'near-me']);
    expect(sortOptions(lots('status=past'))).not.toContain('ending-soon');
    expect(sortOptions(lots('sale-format=tender'))).not.toContain('ending-soon');
    expect(effectiveSort(lots('status=past'))).toBe('recent');
    expect(lots('status=past&sort=ending-soon').sort).toBeUndefined();
  });
  it('tender events hide ending-soon and recent and default to sequence', () => {
    const tender = events('sale-format=tender&status=past');
    expect(sortOptions(tender)).toEqual(['sequence']);
    expect(effectiveSort(tender)).toBe('sequence');
    expect(sortOptions(events())).toEqual(['ending-soon', 'recent', 'sequence']);
  });
  it('toggles manufacturers in a comma-separated list', () => {
    const one = applyChange(lots(), { kind: 'manufacturer', uniqueName: 'haas', selected: true });
    const two = applyChange(one, { kind: 'manufacturer', uniqueName: 'mazak', selected: true });
    expect(url(two)).toBe('/marketplace/lots?manufacturer=haas%2Cmazak');
    expect(applyChange(two, { kind: 'manufacturer', uniqueName: 'haas', selected: false }).manufacturer).toEqual([
      'mazak',
    ]);
  });
  it('Clear all keeps only the display and the kind of browse', () => {
    const next = applyChange(lots('status=past&keyword=saw&view=list&page=2&geo-distance=100mi'), {
      kind: 'clear-all',
    });
    expect(url(next)).toBe('/marketplace/lots?view=list');
  });
});

describe('search box (spec §2)', () => {
  it('trims the keyword', () => {
    expect(normalizeKeyword('  forklift  ')).toBe('forklift');
    expect(normalizeKeyword('   ')).toBeUndefined();
  });
  it("sends a keyword with a digit as 'ID:' plus upper case", () => {
    expect(normalizeKeyword(' ab-12x ')).toBe('ID:AB-12X');
    expect(normalizeKeyword('id:7a')).toBe('ID:7A');
  });
  it('resets paging on each search', () => {
    expect(url(applyChange(lots('page=9&page-size=15'), { kind: 'keyword', text: 'crane' }))).toBe(
      '/marketplace/lots?keyword=crane',
    );
  });
});

describe('activeFilterCount', () => {
  it('counts URL filters, not the coordinates when a distance is set', () => {
    expect(activeFilterCount(lots('status=past&geo-distance=100mi&geo-lat=1&geo-lon=2&page=2&keyword=x'))).toBe(2);
    expect(activeFilterCount(lots('sort=near-me&geo-lat=1&geo-lon=2'))).toBe(3);
    expect(activeFilterCount(lots())).toBe(0);
  });
});

describe('lotSearchQuery', () => {
  it('sends the view’s sort explicitly and the manufacturers as a list', () => {
    expect(lotSearchQuery(lots('status=past&manufacturer=a,b'))).toMatchObject({
      status: 'past',
      sort: 'recent',
      manufacturer: 'a,b',
      page: 1,
      'page-size': 30,
    });
  });
});

describe('event scope (the event page)', () => {
  const scope = { eventId: 'ev_1', path: '/marketplace/event/spring-sale/ev_1' };
  const inEvent = (query = '') =>
    parseBrowseState(Object.fromEntries(new URLSearchParams(query)), 'assets', undefined, scope);

  it('keeps every link on the event path, with the whole state in its query', () => {
    const state = inEvent('sale-format=auction&manufacturer=haas&page=2');
    expect(url(state)).toBe(`${scope.path}?sale-format=auction&manufacturer=haas&page=2`);
    expect(url(applyChange(state, { kind: 'status', value: 'past' }))).toBe(
      `${scope.path}?sale-format=auction&status=past&manufacturer=haas`,
    );
    expect(url(applyChange(state, { kind: 'clear-all' }))).toBe(scope.path);
  });

  it('has no Events tab, and browse=events is not honoured inside an event', () => {
    expect(visibleTabs(inEvent())).toEqual(['all', 'auction', 'buy-now', 'tender']);
    expect(inEvent().browse).toBe('assets');
    expect(applyChange(inEvent(), { kind: 'tab', tab: 'events' }).browse).toBe('assets');
  });

  it('searches the event only', () => {
    expect(lotSearchQuery(inEvent('keyword=lathe'))).toMatchObject({ 'event-id': 'ev_1', keyword: 'lathe' });
    expect(lotSearchQuery(lots())['event-id']).toBeUndefined();
  });

  it("a tender event's lots hide ending-soon and recent and default to sequence (spec §4)", () => {
    const inTender = (query = '') =>
      parseBrowseState(Object.fromEntries(new URLSearchParams(query)), 'assets', undefined, { ...scope, tender: true });
    expect(sortOptions(inTender())).toEqual(['sequence', 'near-me']);
    expect(effectiveSort(inTender())).toBe('sequence');
    expect(lotSearchQuery(inTender())).toMatchObject({ sort: 'sequence', 'event-id': 'ev_1' });
    // A hidden sort in the address is dropped, so the page's canonical address has none.
    expect(url(inTender('sort=ending-soon'))).toBe(scope.path);
    expect(url(inTender('sort=recent'))).toBe(scope.path);
    expect(inTender('sort=sequence').sort).toBe('sequence');
    // Other events keep the lots' sorts, ending-soon first.
    expect(effectiveSort(inEvent())).toBe('ending-soon');
  });
});
