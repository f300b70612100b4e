import {
  errorEnvelope,
  SITEMAP_PAGE_SIZE,
  sitemapIndexResponse,
  sitemapPageResponse,
  successEnvelope,
} from '@lotline/contracts';
import { legacyLots } from '@lotline/db/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { getSitemapIndex, getSitemapPage } from './sitemap-pages';

let t: TestApp;
/** The event-lot ids a sitemap must list, in insertion order. */
const listed: string[] = [];
const unlisted: string[] = [];
let draftEventId: string;
let publicEventId: string;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.ready();
  const m = t.make;
  const company = await m.company();
  const published = await m.event({ companyId: company.id, status: 'published' });
  const draft = await m.event({ companyId: company.id, status: 'draft' });
  publicEventId = published.id;
  draftEventId = draft.id;
  const lot = async (o: Parameters<typeof m.lot>[0], list: boolean) => {
    const row = await m.lot({ companyId: company.id, ...o });
    (list ? listed : unlisted).push(row.id);
  };
  for (let i = 0; i < 23; i++) {
    // A mix of URL ids: marketplace-2 id, parent id, own id.
    const mp2Id = i % 3 === 0 ? `mp2_sitemap_${i}` : null;
    const parentId = i % 3 === 1 ? `parent_sitemap_${i}` : null;
    await lot({ mp2Id, parentId, eventId: i % 2 ? published.id : null, sequence: i }, true);
    if (i === 7) await lot({ hiddenFromMarketplace: true }, false);
    if (i === 12) await lot({ eventId: draft.id }, false);
  }
  // Two lots share a parent id (and have no marketplace-2 id): their URL is the same, and the lot route shows
  // the first by sequence, so only that one is listed, even though it was inserted second.
  await lot({ parentId: 'shared_parent', sequence: 9 }, false);
  await lot({ parentId: 'shared_parent', sequence: 3 }, true);
  // A hidden sibling earlier in sequence does not count: the route never shows it.
  await lot({ parentId: 'other_parent', sequence: 1, hiddenFromMarketplace: true }, false);
  await lot({ parentId: 'other_parent', sequence: 2 }, true);

  await m.category({ status: 'active' });
  await m.category({ status: 'inactive' });
  await m.category({ type: 'market-intelligence' });
  await t.db
    .insert(legacyLots)
    .values({ id: '1001', title: 'Old press', titleSeo: 'Old press seo', number: '1', status: 'Sold' });
});
afterAll(() => t.close());

const ids = (page: Awaited<ReturnType<typeof getSitemapPage>>) =>
  page.kind === 'lots' ? page.entries.map((e) => e._id) : [];

describe('sitemap pages of lots', () => {
  it.each([1, 4, 5, 7, 1000])('cut into pages of %i cover every listed lot once, in insertion order', async (size) => {
    const index = await getSitemapIndex(t.db, size);
    const seen: string[] = [];
    for (let page = 1; page <= index.pages.lots; page++) {
      const result = await getSitemapPage(t.db, 'lots', page, { pageSize: size });
      expect(result.entries.length).toBeLessThanOrEqual(size);
      seen.push(...ids(result));
    }
    expect(seen).toEqual(listed);
    expect(new Set(seen).size).toBe(seen.length);
    for (const id of unlisted) expect(seen).not.toContain(id);
  });

  it('counts pages from the smallest and largest ordinal', async () => {
    // 23 + 2 + 2 + 2 lots inserted, ordinals consecutive: 29 rows; pages of 5 → 6.
    expect((await getSitemapIndex(t.db, 5)).pages.lots).toBe(6);
    expect((await getSitemapIndex(t.db, 29)).pages.lots).toBe(1);
    expect((await getSitemapIndex(t.db, 28)).pages.lots).toBe(2);
  });

  it('answers NOT_FOUND past the last page', async () => {
    await expect(getSitemapPage(t.db, 'lots', 7, { pageSize: 5 })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('gives what the URL needs: the ids in order of precedence, the name and the last change', async () => {
    const { entries } = await getSitemapPage(t.db, 'lots', 1);
    const withMp2 = entries.find((e) => 'mp2Id' in e && e.mp2Id === 'mp2_sitemap_0');
    expect(withMp2).toMatchObject({ name: expect.stringMatching(/^Lot /), parentId: null });
    expect(withMp2?.lastmod).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });
});

describe('sitemap pages of the other kinds', () => {
  it('lists public events only, with a last change', async () => {
    const { entries } = await getSitemapPage(t.db, 'events', 1);
    const eventIds = entries.map((e) => ('_id' in e ? e._id : ''));
    expect(eventIds).toContain(publicEventId);
    expect(eventIds).not.toContain(draftEventId);
    // Created now, opened 2026-01-01, ending 2026-12-31: the last change so far is its creation or opening.
    const entry = entries.find((e) => '_id' in e && e._id === publicEventId);
    expect(entry?.lastmod).not.toBe('2026-12-31T00:00:00.000Z');
  });

  it('lists active regular categories only', async () => {
    const index = await getSitemapIndex(t.db);
    expect(index.pages.categories).toBe(1);
    const { entries } = await getSitemapPage(t.db, 'categories', 1);
    expect(entries).toHaveLength(1);
  });

  it('lists sellers and legacy lots, and an empty kind has no pages', async () => {
    const index = await getSitemapIndex(t.db);
    expect(index.pages).toMatchObject({ sellers: 1, 'legacy-lots': 1, 'catalog-products': 0, lots: 1 });
    const legacy = await getSitemapPage(t.db, 'legacy-lots', 1);
    expect(legacy.entries).toEqual([
      { id: '1001', title: 'Old press', title_seo: 'Old press seo', lastmod: expect.any(String) },
    ]);
    expect((await getSitemapPage(t.db, 'catalog-products', 1)).entries).toEqual([]);
    await expect(getSitemapPage(t.db, 'sellers', 2)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('GET /marketplace/api/sitemap…', () => {
  const get = (url: string) => t.app.inject({ method: 'GET', url });

  it('answers the page counts at the sitemaps.org page size', async () => {
    const res = await get('/marketplace/api/sitemap');
    expect(res.statusCode).toBe(200);
    const data = successEnvelope(sitemapIndexResponse).parse(res.json()).data;
    expect(data.pageSize).toBe(SITEMAP_PAGE_SIZE);
    expect(data.pages.lots).toBe(1);
  });

  it('answers a page', async () => {
    const res = await get('/marketplace/api/sitemap/lots/1');
    expect(res.statusCode).toBe(200);
    const data = successEnvelope(sitemapPageResponse).parse(res.json()).data;
    expect(ids(data)).toEqual(listed);
  });

  it.each([
    ['an unknown kind', '/marketplace/api/sitemap/users/1', 400, 'VALIDATION_FAILED'],
    ['page 0', '/marketplace/api/sitemap/lots/0', 400, 'VALIDATION_FAILED'],
    ['a page that is not a number', '/marketplace/api/sitemap/lots/x', 400, 'VALIDATION_FAILED'],
    ['an unknown parameter', '/marketplace/api/sitemap/lots/1?all=1', 400, 'VALIDATION_FAILED'],
    ['a page past the last', '/marketplace/api/sitemap/lots/2', 404, 'NOT_FOUND'],
  ])('refuses %s', async (_name, url, status, code) => {
    const res = await get(url);
    expect(res.statusCode).toBe(status);
    expect(errorEnvelope.parse(res.json()).errors[0]?.code).toBe(code);
  });
});
