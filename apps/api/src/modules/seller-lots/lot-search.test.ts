import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, url } from '../../test/app';
import { uniqueWord } from '../search/facets.fixtures';
import { api, daysFromNow, eventPath } from '../seller-events/test-helpers';
import { getSitemapIndex, getSitemapPage } from '../sitemap/sitemap-pages';
import { addPhoto, createLot, lotBody, lotPath, lotScene, newEvent } from './test-helpers';

/**
 * The search projection and its count tables (migrations 0002–0005) follow
 * every console write at once: proven through the public search and facets.
 */

let t: TestApp;
let s: Awaited<ReturnType<typeof lotScene>>;
beforeAll(async () => {
  t = await createTestApp();
  s = await lotScene(t);
});
afterAll(() => t.close());

async function search(keyword: string) {
  const res = await t.app.inject({ method: 'GET', url: url('/marketplace/api/search/lots', { keyword }) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as {
    lots: { _id: string; _source: { name: string; startingBid: number | null } }[];
    pagination: { totalItems: number };
  };
}

async function categoryCounts(keyword: string) {
  const res = await t.app.inject({ method: 'GET', url: url('/marketplace/api/search/lot-facets', { keyword }) });
  expect(res.statusCode, res.body).toBe(200);
  const facets = res.json().data.facets as { productCategory: { _id: string; count: number }[] };
  return Object.fromEntries(facets.productCategory.map((n) => [n._id, n.count]));
}

/** Every lot id the lot sitemaps list. */
async function sitemapLotIds() {
  const index = await getSitemapIndex(t.db);
  const ids: string[] = [];
  for (let page = 1; page <= index.pages.lots; page++) {
    const answer = await getSitemapPage(t.db, 'lots', page);
    if (answer.kind === 'lots') ids.push(...answer.entries.map((e) => e._id));
  }
  return ids;
}

describe('console writes in search, facets and the lot page', () => {
  it('a draft’s lots are counted nowhere; published, created and edited lots are counted exactly', async () => {
    const word = uniqueWord();
    const renamed = uniqueWord();
    const other = await t.make.category();
    const { eventId, locationId } = await newEvent(t, s.seller, s.company.id, { startAt: daysFromNow(2) });
    const form = lotBody({ name: `Pump ${word}`, productCategoryId: s.category.id, dispositionLocationId: locationId });
    const first = await createLot(t, s.seller, eventId, form);
    await addPhoto(t, s.seller, first._id);
    const doomed = await createLot(t, s.seller, eventId, { ...form, number: '2' });
    expect((await search(word)).pagination.totalItems).toBe(0);
    expect(await categoryCounts(word)).toEqual({});
    expect(await sitemapLotIds()).not.toContain(first._id);

    // Deleted while a draft: never counted.
    expect((await api.delete(t, s.seller, lotPath(doomed._id))).statusCode).toBe(200);
    const published = await api.post(t, s.seller, `${eventPath(eventId)}/publish`, { as: 'published' });
    expect(published.statusCode, published.body).toBe(200);
    const found = await search(word);
    expect(found.lots.map((l) => l._id)).toEqual([first._id]);
    expect(await categoryCounts(word)).toEqual({ [s.category.id]: 1 });
    expect(await sitemapLotIds()).toContain(first._id);

    // Added to the published event (before its start; only a complete lot, so a copy): counted at once.
    const copy = await api.post(t, s.seller, `${lotPath(first._id)}/copy`);
    expect(copy.statusCode, copy.body).toBe(201);
    const added = copy.json().data as { _id: string; number: string };
    expect((await search(word)).pagination.totalItems).toBe(2);
    expect(await categoryCounts(word)).toEqual({ [s.category.id]: 2 });

    // Edited: name, category and price show at once, counts move exactly.
    const edit = await api.put(t, s.seller, lotPath(added._id), {
      ...form,
      number: added.number,
      name: `Valve ${renamed}`,
      productCategoryId: other.id,
      startingBid: 77_700,
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect((await search(word)).lots.map((l) => l._id)).toEqual([first._id]);
    expect(await categoryCounts(word)).toEqual({ [s.category.id]: 1 });
    const byNewName = await search(renamed);
    expect(byNewName.lots.map((l) => [l._id, l._source.startingBid])).toEqual([[added._id, 77_700]]);
    expect(await categoryCounts(renamed)).toEqual({ [other.id]: 1 });
  });
});
