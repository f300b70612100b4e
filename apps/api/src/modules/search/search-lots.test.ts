import { lotSearchQuerystring } from '@lotline/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { countLots } from './lot-counts';
import { pointsWithin } from './lot-search-filter';
import { fromNow, search, searchError, searchScope } from './test-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const sorted = (a: string[]) => [...a].sort();

describe('GET /marketplace/api/search/lots: visibility (spec §5)', () => {
  it('hides lots hidden from the marketplace', async () => {
    const s = await searchScope(t);
    const shown = await s.lot();
    await s.lot({ hiddenFromMarketplace: true });
    expect(await s.ids()).toEqual([shown.id]);
  });

  it('excludes quantity below 1 unless the lot is over', async () => {
    const s = await searchScope(t);
    const shown = await s.lot();
    await s.lot({ quantity: 0 });
    const soldOut = await s.lot({ quantity: 0, status: 'Sold', endedAt: fromNow(-2) });
    expect(await s.ids()).toEqual([shown.id]);
    expect(await s.ids({ status: 'past' })).toEqual([soldOut.id]);
  });

  it('shows public events, non-pending buy-now items of any event and lots with no event', async () => {
    const s = await searchScope(t);
    const draft = await t.make.event({ companyId: s.event.companyId, status: 'draft' });
    const viewOnly = await t.make.event({ companyId: s.event.companyId, status: 'view-only' });
    const inPublished = await s.lot({ endedAt: fromNow(1) });
    const inViewOnly = await s.lot({ eventId: viewOnly.id, endedAt: fromNow(2) });
    const noEvent = await s.lot({ eventId: null, endedAt: fromNow(3) });
    const buyNowInDraft = await s.lot({ eventId: draft.id, type: 'BuyItNowItem', endedAt: fromNow(4) });
    await s.lot({ eventId: draft.id });
    await s.lot({ eventId: draft.id, type: 'BuyItNowItem', status: 'Pending', startAt: fromNow(1) });
    expect(await s.ids()).toEqual([inPublished.id, inViewOnly.id, noEvent.id, buyNowInDraft.id]);
  });

  it('excludes private-sale events', async () => {
    const s = await searchScope(t);
    const shown = await s.lot();
    const privateEvent = await t.make.event({ companyId: s.event.companyId, privateSale: true });
    await s.lot({ eventId: privateEvent.id });
    expect(await s.ids()).toEqual([shown.id]);
  });
});

describe('status (spec §5)', () => {
  it('active, upcoming, active-and-upcoming (the default) and past', async () => {
    const s = await searchScope(t);
    const active = await s.lot({ endedAt: fromNow(5) });
    const upcoming = await s.lot({ status: 'Pending', startAt: fromNow(2), endedAt: fromNow(48) });
    const endedByTime = await s.lot({ endedAt: fromNow(-1) });
    const sold = await s.lot({ status: 'Sold', endedAt: fromNow(-3) });
    const unsold = await s.lot({ status: 'Unsold', endedAt: fromNow(-2) });
    const paid = await s.lot({ status: 'OrderPaid', endedAt: fromNow(-4) });
    expect(await s.ids({ status: 'active' })).toEqual([active.id]);
    expect(await s.ids({ status: 'upcoming' })).toEqual([upcoming.id]);
    expect(await s.ids()).toEqual([active.id, upcoming.id]);
    expect(sorted(await s.ids({ status: 'past' }))).toEqual(sorted([sold.id, unsold.id, paid.id]));
    expect(await s.ids({ status: 'active' })).not.toContain(endedByTime.id);
  });

  it('active and upcoming views exclude tender lots that have already ended', async () => {
    const s = await searchScope(t);
    const tender = await s.lot({ type: 'TenderLot', endedAt: fromNow(3) });
    // Scheduled but with its end already behind it: an upcoming lot in every other respect.
    await s.lot({ type: 'TenderLot', status: 'Pending', startAt: fromNow(1), endedAt: fromNow(-1) });
    const auction = await s.lot({ status: 'Pending', startAt: fromNow(1), endedAt: fromNow(-1) });
    expect(sorted(await s.ids())).toEqual(sorted([tender.id, auction.id]));
  });
});

describe('filters', () => {
  it('sale-format maps to the lot type', async () => {
    const s = await searchScope(t);
    const auction = await s.lot();
    const buyNow = await s.lot({ type: 'BuyItNowItem', endedAt: null });
    const tender = await s.lot({ type: 'TenderLot' });
    expect(await s.ids({ 'sale-format': 'auction' })).toEqual([auction.id]);
    expect(await s.ids({ 'sale-format': 'buy-now' })).toEqual([buyNow.id]);
    expect(await s.ids({ 'sale-format': 'tender' })).toEqual([tender.id]);
    expect(await s.ids({ 'sale-format': 'all' })).toHaveLength(3);
  });

  it('ending-date windows, not applied to past or buy-now', async () => {
    const s = await searchScope(t);
    const soon = await s.lot({ endedAt: fromNow(30) });
    const thisWeek = await s.lot({ endedAt: fromNow(24 * 5) });
    await s.lot({ endedAt: fromNow(24 * 10) });
    const buyNow = await s.lot({ type: 'BuyItNowItem', endedAt: fromNow(24 * 10) });
    const past = await s.lot({ status: 'Sold', endedAt: fromNow(-24 * 30) });
    expect(await s.ids({ 'ending-date': '48-hours', 'sale-format': 'auction' })).toEqual([soon.id]);
    expect(await s.ids({ 'ending-date': 'this-week', 'sale-format': 'auction' })).toEqual([soon.id, thisWeek.id]);
    expect(await s.ids({ 'ending-date': '48-hours', 'sale-format': 'buy-now' })).toEqual([buyNow.id]);
    expect(await s.ids({ 'ending-date': '48-hours', status: 'past' })).toEqual([past.id]);
  });

  it('product-category includes descendants', async () => {
    const s = await searchScope(t);
    const root = await t.make.category();
    const child = await t.make.category({}, root);
    const other = await t.make.category();
    const inRoot = await s.lot({ productCategoryId: root.id, endedAt: fromNow(1) });
    const inChild = await s.lot({ productCategoryId: child.id, endedAt: fromNow(2) });
    await s.lot({ productCategoryId: other.id });
    expect(await s.ids({ 'product-category': root.slug })).toEqual([inRoot.id, inChild.id]);
    expect(await s.ids({ 'product-category': child.slug })).toEqual([inChild.id]);
  });

  it('manufacturer takes one brand or a comma list', async () => {
    const a = await searchScope(t);
    const b = await searchScope(t);
    const lotA = await a.lot({ endedAt: fromNow(1) });
    const lotB = await b.lot({ endedAt: fromNow(2) });
    expect(await a.ids()).toEqual([lotA.id]);
    const both = await search(t, { manufacturer: `${a.brand.uniqueName}, ${b.brand.uniqueName}` });
    expect(both.lots.map((l) => l._id)).toEqual([lotA.id, lotB.id]);
  });

  it("event-id keeps one event's lots, with the total, the facets and the sequence sort scoped to it", async () => {
    const s = await searchScope(t);
    const other = await t.make.event({ companyId: s.event.companyId, status: 'published' });
    const first = await s.lot({ endedAt: fromNow(2), sequence: 2 });
    const second = await s.lot({ endedAt: fromNow(1), sequence: 1, type: 'BuyItNowItem' });
    await s.lot({ eventId: other.id, endedAt: fromNow(3) });
    await s.lot({ eventId: null, endedAt: fromNow(4) });
    const scoped = await s.search({ 'event-id': s.event.id, facets: 'true' });
    expect(scoped.lots.map((l) => l._id)).toEqual([second.id, first.id]);
    expect(scoped.pagination.totalItems).toBe(2);
    expect(scoped.facets?.saleFormat).toEqual([
      { value: 'auction', count: 1 },
      { value: 'buy-now', count: 1 },
      { value: 'tender', count: 0 },
    ]);
    expect(await s.ids({ 'event-id': s.event.id, sort: 'sequence' })).toEqual([second.id, first.id]);
    expect(await s.ids({ 'event-id': s.event.id, 'sale-format': 'auction' })).toEqual([first.id]);
    expect(await s.ids({ 'event-id': 'no-such-event' })).toEqual([]);
  });

  it('geo filter applies only with lat, lon and distance together', async () => {
    const s = await searchScope(t);
    const houston = await s.lot({ lat: 29.76, lon: -95.37, endedAt: fromNow(1) });
    const chicago = await s.lot({ lat: 41.88, lon: -87.63, endedAt: fromNow(2) });
    const dallas = { 'geo-lat': '32.78', 'geo-lon': '-96.8' };
    expect(await s.ids({ ...dallas, 'geo-distance': '500mi' })).toEqual([houston.id]);
    expect(await s.ids({ ...dallas, 'geo-distance': '1000mi' })).toEqual([houston.id, chicago.id]);
    expect(await s.ids({ 'geo-lat': '32.78', 'geo-distance': '100mi' })).toEqual([houston.id, chicago.id]);
    // No lot's point within the distance (mid-Atlantic): nothing, and a total of 0.
    const ocean = await s.search({ 'geo-lat': '30', 'geo-lon': '-45', 'geo-distance': '100mi', facets: 'true' });
    expect(ocean.lots).toEqual([]);
    expect(ocean.pagination.totalItems).toBe(0);
  });

  it('the geo filter counts the same whether its points are named or looked up', async () => {
    const s = await searchScope(t);
    await s.lot({ lat: 29.76, lon: -95.37 });
    await s.lot({ lat: 29.76, lon: -95.37, type: 'BuyItNowItem' });
    await s.lot({ lat: 32.78, lon: -96.8 });
    await s.lot({ lat: 41.88, lon: -87.63 });
    const params = lotSearchQuerystring.parse({
      manufacturer: s.brand.uniqueName,
      'geo-lat': '32.78',
      'geo-lon': '-96.8',
      'geo-distance': '500mi',
    });
    const now = new Date();
    const geoPoints = await pointsWithin(t.db, params);
    expect(geoPoints?.length).toBeGreaterThanOrEqual(2);
    const named = await countLots(t.db, params, { now, facets: true, geoPoints });
    const lookedUp = await countLots(t.db, params, { now, facets: true });
    expect(named).toEqual(lookedUp);
    expect(named.total).toBe(3);
  });
});

describe('keyword', () => {
  it("'ID:' searches the lot number exactly, in any case", async () => {
    const s = await searchScope(t);
    const lot = await s.lot({ number: 'AB-1001' });
    await s.lot({ number: 'AB-10011' });
    expect(await s.ids({ keyword: 'ID:AB-1001' })).toEqual([lot.id]);
    expect(await s.ids({ keyword: 'id:ab-1001' })).toEqual([lot.id]);
  });

  it('matches name words, the last as a prefix, and reports no correction for known words', async () => {
    const s = await searchScope(t);
    const lathe = await s.lot({ name: 'Haas Toolroom Lathe' });
    await s.lot({ name: 'Forklift' });
    const found = await s.search({ keyword: 'toolroom lat' });
    expect(found.lots.map((l) => l._id)).toEqual([lathe.id]);
    expect(found.correctedKeyword).toBeNull();
  });

  it('replaces an unknown word by the most similar known term', async () => {
    const s = await searchScope(t);
    const lot = await s.lot({ name: 'Hydraulic excavator' });
    const found = await s.search({ keyword: 'excavatr' });
    expect(found.correctedKeyword).toBe('excavator');
    expect(found.lots.map((l) => l._id)).toEqual([lot.id]);
  });

  it('corrects to the fewest edits: a swapped pair finds the long word, not a shorter common one', async () => {
    const s = await searchScope(t);
    for (let i = 0; i < 5; i++) await s.lot({ name: `Fork positioner ${i}` });
    const forklift = await s.lot({ name: 'Electric forklift' });
    const found = await s.search({ keyword: 'forklfit' });
    expect(found.correctedKeyword).toBe('forklift');
    expect(found.lots.map((l) => l._id)).toEqual([forklift.id]);
  });
});

describe('sorts and paging', () => {
  it('ending-soon by default, recent, sequence, near-me; ties broken by id', async () => {
    const s = await searchScope(t);
    const end = fromNow(10);
    const a = await s.lot({
      id: `${s.brand.id}_a`,
      endedAt: end,
      sequence: 3,
      createdAt: fromNow(-3),
      lat: 40,
      lon: -100,
    });
    const b = await s.lot({
      id: `${s.brand.id}_b`,
      endedAt: end,
      sequence: 1,
      createdAt: fromNow(-1),
      lat: 30,
      lon: -90,
    });
    const c = await s.lot({
      id: `${s.brand.id}_c`,
      endedAt: fromNow(5),
      sequence: 2,
      createdAt: fromNow(-2),
      lat: 45,
      lon: -75,
    });
    const d = await s.lot({
      id: `${s.brand.id}_d`,
      type: 'BuyItNowItem',
      endedAt: null,
      sequence: 4,
      createdAt: fromNow(-4),
    });
    expect(await s.ids()).toEqual([c.id, a.id, b.id, d.id]);
    expect(await s.ids({ sort: 'recent' })).toEqual([b.id, c.id, a.id, d.id]);
    expect(await s.ids({ sort: 'sequence' })).toEqual([b.id, c.id, a.id, d.id]);
    expect(await s.ids({ sort: 'near-me', 'geo-lat': '29', 'geo-lon': '-89' })).toEqual([b.id, a.id, c.id, d.id]);
  });

  it('pages never repeat or skip and report the total', async () => {
    const s = await searchScope(t);
    const end = fromNow(10);
    const made = [];
    for (let i = 0; i < 20; i++) made.push((await s.lot({ endedAt: i % 2 ? end : fromNow(i + 1) })).id);
    const page1 = await s.search({ 'page-size': '15' });
    const page2 = await s.search({ 'page-size': '15', page: '2' });
    expect(page1.pagination).toEqual({ pageNumber: 1, pageSize: 15, totalItems: 20, totalPages: 2 });
    expect(sorted([...page1.lots, ...page2.lots].map((l) => l._id))).toEqual(sorted(made));
  });

  it('pages through active, open-ended and upcoming lots in one ending-soon order', async () => {
    const s = await searchScope(t);
    const made: { id: string; end: number }[] = [];
    for (let i = 0; i < 32; i++) {
      const kind = i % 4;
      const endedAt = kind === 1 ? null : fromNow(kind === 0 ? 30 + (i % 3) : 2 + (i % 5));
      const lot = await s.lot({
        endedAt,
        ...(kind === 0 ? { status: 'Pending' as const, startAt: fromNow(1) } : { startAt: fromNow(-1) }),
        ...(kind === 1 ? { type: 'BuyItNowItem' as const } : {}),
      });
      made.push({ id: lot.id, end: endedAt ? endedAt.getTime() : Number.POSITIVE_INFINITY });
    }
    const expected = made.sort((a, b) => a.end - b.end || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)).map((l) => l.id);
    const pages = [];
    for (const page of ['1', '2', '3']) pages.push(...(await s.ids({ 'page-size': '15', page })));
    expect(pages).toEqual(expected);
    expect(await s.ids({ 'page-size': '15', page: '3', sort: 'ending-soon' })).toEqual(expected.slice(30));
  });

  it("a category's pages by recent go newest first over its whole subtree, ties by id", async () => {
    // Read category by category of the subtree and merged (search-lots.ts recentCategoryPage).
    const s = await searchScope(t);
    const root = await t.make.category();
    const child = await t.make.category({}, root);
    const grandchild = await t.make.category({}, child);
    const other = await t.make.category();
    const tree = [root, child, grandchild];
    const made: { id: string; at: number; inChild: boolean }[] = [];
    for (let i = 0; i < 34; i++) {
      // Some lots share a creation time (across categories too), so the id has to break the tie.
      const createdAt = new Date(Date.UTC(2026, 0, 1 + (i % 9)));
      const lot = await s.lot({ productCategoryId: tree[i % 3]?.id, createdAt });
      made.push({ id: lot.id, at: createdAt.getTime(), inChild: i % 3 > 0 });
    }
    await s.lot({ productCategoryId: other.id });
    await s.lot({ productCategoryId: child.id, hiddenFromMarketplace: true });
    const newestFirst = made.sort((a, b) => b.at - a.at || (a.id < b.id ? -1 : 1));
    const expected = newestFirst.map((l) => l.id);
    const pages = [];
    for (const page of ['1', '2', '3']) {
      pages.push(...(await s.ids({ 'product-category': root.slug, sort: 'recent', 'page-size': '15', page })));
    }
    expect(pages).toEqual(expected);
    const childLots = await s.ids({ 'product-category': child.slug, sort: 'recent', 'page-size': '60' });
    expect(childLots).toEqual(newestFirst.filter((l) => l.inChild).map((l) => l.id));
  });

  it('near-me pages go nearest first, same distance by id, lots without a point last', async () => {
    const s = await searchScope(t);
    // Distances from (29, -89): the first point is nearest, then the second, then the third.
    const points = [
      { lat: 29.5, lon: -89 },
      { lat: 33, lon: -95 },
      { lat: 45, lon: -75 },
    ];
    const located: { id: string; rank: number }[] = [];
    const unlocated: string[] = [];
    for (let i = 0; i < 20; i++) {
      const point = i < 12 ? points[i % 3] : undefined;
      const lot = await s.lot({ lat: point?.lat ?? null, lon: point?.lon ?? null });
      if (point) located.push({ id: lot.id, rank: i % 3 });
      else unlocated.push(lot.id);
    }
    const byId = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
    const expected = [
      ...located.sort((a, b) => a.rank - b.rank || byId(a.id, b.id)).map((l) => l.id),
      ...unlocated.sort(byId),
    ];
    const near = { sort: 'near-me', 'geo-lat': '29', 'geo-lon': '-89', 'page-size': '15' };
    const page1 = await s.search(near);
    const page2 = await s.search({ ...near, page: '2' });
    expect([...page1.lots, ...page2.lots].map((l) => l._id)).toEqual(expected);
    expect(page1.pagination.totalItems).toBe(20);
    expect(await s.ids({ ...near, 'page-size': '15', page: '3' })).toEqual([]);
  });

  it('returns the event-lot card shape', async () => {
    const s = await searchScope(t);
    const lot = await s.lot({ name: 'Card lot' });
    const [card] = (await s.search()).lots;
    expect(card?._source).toMatchObject({ _id: lot.id, name: 'Card lot', brand: { uniqueName: s.brand.uniqueName } });
  });
});

describe('bad parameters → 400 VALIDATION_FAILED', () => {
  const cases: [string, Record<string, string>, string][] = [
    ['unknown parameter', { colour: 'red' }, ''],
    ['browse=events', { browse: 'events' }, 'browse'],
    ['sale-format', { 'sale-format': 'lease' }, 'sale-format'],
    ['status', { status: 'open' }, 'status'],
    ['sort', { sort: 'price' }, 'sort'],
    ['ending-date', { 'ending-date': 'tomorrow' }, 'ending-date'],
    ['page', { page: '0' }, 'page'],
    ['page-size', { 'page-size': '20' }, 'page-size'],
    ['geo-distance', { 'geo-distance': '5mi' }, 'geo-distance'],
    ['geo-lat out of range', { 'geo-lat': '91' }, 'geo-lat'],
    ['geo-lon not a number', { 'geo-lon': 'east' }, 'geo-lon'],
    ['near-me without coordinates', { sort: 'near-me' }, 'sort'],
  ];
  it.each(cases)('%s', async (_name, params, field) => {
    const { status, body } = await searchError(t, params);
    expect(status).toBe(400);
    expect(body.errors[0]?.code).toBe('VALIDATION_FAILED');
    if (field) expect(body.errors.map((e) => e.field)).toContain(field);
  });

  it('unknown product-category slug', async () => {
    const { status, body } = await searchError(t, { 'product-category': 'no-such-category' });
    expect(status).toBe(400);
    expect(body.errors[0]).toMatchObject({ code: 'VALIDATION_FAILED', field: 'product-category' });
  });
});
