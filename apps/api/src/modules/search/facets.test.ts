import { lotFacetsResponse, successEnvelope } from '@lotline/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { expect400, getData, hoursFromNow, makeCategoryTree, uniqueWord } from './facets.fixtures';

const PATH = '/marketplace/api/search/lot-facets';
const envelope = successEnvelope(lotFacetsResponse);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/**
 * One search with all four filters set, and lots that each fail exactly one
 * of them: a facet must count the lots failing only its own filter (exclusion)
 * and none failing another (the others applied). `other-twice` fails two and
 * must appear nowhere.
 */
async function scenario() {
  const word = uniqueWord();
  const tree = await makeCategoryTree(t);
  const brandA = await t.make.brand({ name: 'Alpha' });
  const brandB = await t.make.brand({ name: 'Beta' });
  const open = { startAt: hoursFromNow(-5), endedAt: hoursFromNow(5) };
  const lot = (name: string, overrides: Parameters<TestApp['make']['lot']>[0]) =>
    t.make.lot({
      name: `${word} ${name}`,
      productCategoryId: tree.child.id,
      brandId: brandA.id,
      type: 'AuctionLot',
      status: 'Active',
      ...open,
      ...overrides,
    });
  await lot('match', {});
  await lot('other-category', { productCategoryId: tree.other.id });
  await lot('other-brand', { brandId: brandB.id });
  await lot('buy-now', { type: 'BuyItNowItem' });
  await lot('upcoming', { status: 'Pending', startAt: hoursFromNow(5), endedAt: hoursFromNow(10) });
  await lot('sold', { status: 'Sold', startAt: hoursFromNow(-10), endedAt: hoursFromNow(-5) });
  await lot('unsold', { status: 'Unsold', startAt: hoursFromNow(-10), endedAt: hoursFromNow(-5) });
  await lot('other-twice', { productCategoryId: tree.other.id, brandId: brandB.id });
  await lot('hidden', { hiddenFromMarketplace: true });
  const params = {
    keyword: word,
    'product-category': tree.root.slug,
    manufacturer: brandA.uniqueName,
    'sale-format': 'auction',
    status: 'active',
  };
  return { ...tree, brandA, brandB, params };
}

let s: Awaited<ReturnType<typeof scenario>>;
let facets: Awaited<ReturnType<typeof facetsOf>>;
const facetsOf = async (params: Record<string, unknown>) => (await getData(t, PATH, params, envelope)).facets;
beforeAll(async () => {
  s = await scenario();
  facets = await facetsOf(s.params);
});

describe('GET search/lot-facets', () => {
  it('category: counts other categories under the other filters, rolled up to ancestors', () => {
    const node = (c: { id: string; name: string; slug: string; parentId: string | null }, count: number) => ({
      _id: c.id,
      name: c.name,
      slug: c.slug,
      parentId: c.parentId,
      count,
    });
    expect(facets.productCategory).toEqual([
      { ...node(s.root, 1), children: [{ ...node(s.child, 1), children: [] }] },
      { ...node(s.other, 1), children: [] },
    ]);
  });

  it('manufacturer: counts other brands under the other filters', () => {
    expect(facets.manufacturer).toEqual([
      { uniqueName: s.brandA.uniqueName, name: 'Alpha', count: 1 },
      { uniqueName: s.brandB.uniqueName, name: 'Beta', count: 1 },
    ]);
  });

  it('sale format: counts other formats under the other filters', () => {
    expect(facets.saleFormat).toEqual([
      { value: 'auction', count: 1 },
      { value: 'buy-now', count: 1 },
      { value: 'tender', count: 0 },
    ]);
  });

  it('status: counts each status as if chosen, under the other filters (past includes unsold)', () => {
    expect(facets.status).toEqual([
      { value: 'active', count: 1 },
      { value: 'upcoming', count: 1 },
      { value: 'past', count: 2 },
    ]);
  });

  it('without filters, counts all visible lots of the keyword; a node counts its descendants', async () => {
    const all = await facetsOf({ keyword: s.params.keyword, status: 'active' });
    // Active only: match, other-brand, buy-now under child; other-category and other-twice under other.
    expect(all.productCategory.map((n) => [n._id, n.count, n.children.map((c) => [c._id, c.count])])).toEqual([
      [s.root.id, 3, [[s.child.id, 3]]],
      [s.other.id, 2, []],
    ]);
    expect(all.manufacturer.map((m) => [m.name, m.count])).toEqual([
      ['Alpha', 3],
      ['Beta', 2],
    ]);
  });

  it('with only some filters set, the unset facets are counted together under all the set filters', async () => {
    const some = await facetsOf({ keyword: s.params.keyword, 'product-category': s.root.slug, status: 'active' });
    // Category set: the other facets see only lots under root (match, other-brand, buy-now).
    expect(some.manufacturer.map((m) => [m.name, m.count])).toEqual([
      ['Alpha', 2],
      ['Beta', 1],
    ]);
    expect(some.saleFormat.map((f) => f.count)).toEqual([2, 1, 0]);
    // Its own facet ignores it.
    expect(some.productCategory.map((n) => [n._id, n.count])).toEqual([
      [s.root.id, 3],
      [s.other.id, 2],
    ]);
  });

  it('answers 400 for an unknown category and bad parameters', async () => {
    await expect400(t, PATH, { 'product-category': 'no-such-slug' });
    await expect400(t, PATH, { status: 'sold' });
    await expect400(t, PATH, { 'page-size': 20 });
    await expect400(t, PATH, { facets: 'all' });
  });
});
