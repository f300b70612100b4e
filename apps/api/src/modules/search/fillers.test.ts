import { fillerSectionsResponse, lotCardsResponse, successEnvelope } from '@lotline/contracts';
import { cmsSections } from '@lotline/db/schema';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { expect400, getData, hoursFromNow, makeCategoryTree, makeSection } from './facets.fixtures';

const PATH = '/marketplace/api/cms/filler-sections';
const SIMILAR = '/marketplace/api/search/lots/similar';
const envelope = successEnvelope(fillerSectionsResponse);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
// Sections are global: each test sets up its own.
beforeEach(async () => {
  await t.db.delete(cmsSections);
});

const fillers = (params: Record<string, unknown>) => getData(t, PATH, params, envelope);
const lotIds = (s: { lots?: { _id: string }[] | undefined } | undefined) => s?.lots?.map((l) => l._id);

describe('GET cms/filler-sections', () => {
  it('lists active filler sections by position, upper-cased, without featured sellers or empty rows', async () => {
    const { root, child } = await makeCategoryTree(t);
    const lot = await t.make.lot({ productCategoryId: child.id, bidsCount: 3 });
    const second = await makeSection(t, { type: 'trending', label: 'Trending now', position: 2, seeMoreUrl: '/x' });
    const first = await makeSection(t, { type: 'popular', label: 'Popular', position: 1 });
    await makeSection(t, { type: 'popular', label: 'Off', position: 0, active: false });
    await makeSection(t, { type: 'featured-sellers', label: 'Sellers', position: 0 });
    await makeSection(t, { type: 'sold', label: 'Sold', position: 3 }); // nothing sold in this category

    const data = await fillers({ 'product-category': root.slug });
    expect(data.sections.map((s) => [s._id, s.type, s.label, s.seeMoreUrl])).toEqual([
      [first.id, 'popular', 'POPULAR', null],
      [second.id, 'trending', 'TRENDING NOW', '/x'],
    ]);
    expect(data.sections[0]?.lots?.[0]?._source).toMatchObject({ _id: lot.id, productCategory: { _id: child.id } });
  });

  it('popular: open visible lots in the category subtree, most bids first', async () => {
    const { root, child, other } = await makeCategoryTree(t);
    const few = await t.make.lot({ productCategoryId: root.id, bidsCount: 2, endedAt: hoursFromNow(5) });
    const many = await t.make.lot({ productCategoryId: child.id, bidsCount: 9 });
    const tieSooner = await t.make.lot({ productCategoryId: child.id, bidsCount: 2, endedAt: hoursFromNow(1) });
    // Left out: other category, hidden, private sale, not started, ended, sold, out of stock.
    await t.make.lot({ productCategoryId: other.id, bidsCount: 50 });
    await t.make.lot({ productCategoryId: child.id, bidsCount: 50, hiddenFromMarketplace: true });
    const privateEvent = await t.make.event({ privateSale: true });
    await t.make.lot({ productCategoryId: child.id, bidsCount: 50, eventId: privateEvent.id });
    await t.make.lot({ productCategoryId: child.id, bidsCount: 50, startAt: hoursFromNow(2) });
    await t.make.lot({ productCategoryId: child.id, bidsCount: 50, endedAt: hoursFromNow(-1) });
    await t.make.lot({ productCategoryId: child.id, bidsCount: 50, status: 'Sold' });
    await t.make.lot({ productCategoryId: child.id, bidsCount: 50, quantity: 0 });
    await makeSection(t, { type: 'popular' });

    const [section] = (await fillers({ 'product-category': root.slug })).sections;
    expect(lotIds(section)).toEqual([many.id, tieSooner.id, few.id]);
  });

  it('sold: sold and ordered lots only, unsold excluded, most recently ended first', async () => {
    const { root } = await makeCategoryTree(t);
    const sold = await t.make.lot({ productCategoryId: root.id, status: 'Sold', endedAt: hoursFromNow(-5) });
    const paid = await t.make.lot({ productCategoryId: root.id, status: 'OrderPaid', endedAt: hoursFromNow(-1) });
    await t.make.lot({ productCategoryId: root.id, status: 'Unsold', endedAt: hoursFromNow(-2) });
    await t.make.lot({ productCategoryId: root.id, status: 'Active' });
    await makeSection(t, { type: 'sold', label: 'Recently sold' });

    const [section] = (await fillers({ 'product-category': root.slug })).sections;
    expect(section?.type).toBe('sold');
    expect(lotIds(section)).toEqual([paid.id, sold.id]);
  });

  it('trending: open lots listed in the last 7 days, most bids first', async () => {
    const { root } = await makeCategoryTree(t);
    const fresh = await t.make.lot({ productCategoryId: root.id, bidsCount: 1 });
    const hot = await t.make.lot({ productCategoryId: root.id, bidsCount: 5, createdAt: hoursFromNow(-24 * 6) });
    await t.make.lot({ productCategoryId: root.id, bidsCount: 90, createdAt: hoursFromNow(-24 * 8) });
    await makeSection(t, { type: 'trending' });

    const [section] = (await fillers({ 'product-category': root.slug })).sections;
    expect(lotIds(section)).toEqual([hot.id, fresh.id]);
  });

  it('honours config.lotIds in order, keeping only visible lots of the category', async () => {
    const { root, other } = await makeCategoryTree(t);
    const a = await t.make.lot({ productCategoryId: root.id, bidsCount: 0 });
    const b = await t.make.lot({ productCategoryId: root.id, status: 'Sold' });
    const hidden = await t.make.lot({ productCategoryId: root.id, hiddenFromMarketplace: true });
    const elsewhere = await t.make.lot({ productCategoryId: other.id });
    await makeSection(t, { type: 'popular', config: { lotIds: [b.id, hidden.id, 'nope', elsewhere.id, a.id] } });

    const [section] = (await fillers({ 'product-category': root.slug })).sections;
    expect(lotIds(section)).toEqual([b.id, a.id]);
  });

  it('with a category, explicit lots that all lie outside it give way to the computed row', async () => {
    const { root, other } = await makeCategoryTree(t);
    const chosen = await t.make.lot({ productCategoryId: other.id });
    const own = await t.make.lot({ productCategoryId: root.id, bidsCount: 1 });
    await makeSection(t, { type: 'popular', config: { lotIds: [chosen.id] } });

    expect(lotIds((await fillers({ 'product-category': root.slug })).sections[0])).toEqual([own.id]);
    expect(lotIds((await fillers({ 'product-category': other.slug })).sections[0])).toEqual([chosen.id]);
  });

  it('catalog: explicit products in order, else the section category, at most 12', async () => {
    const { root, child, other } = await makeCategoryTree(t);
    const brand = await t.make.brand({ name: 'Haas' });
    const { catalogProducts } = await import('@lotline/db/schema');
    const product = async (id: string, categoryId: string, extra: Record<string, unknown> = {}) => {
      await t.db
        .insert(catalogProducts)
        .values({ id, uniqueName: `u-${id}`, name: `P ${id}`, productCategoryId: categoryId, ...extra });
      return id;
    };
    const p1 = await product(`${root.id}-p1`, child.id, {
      brandId: brand.id,
      modelNumber: 'VF-2',
      yearFrom: 2001,
      yearTo: 2004,
      imageUrl: '/i.png',
    });
    const p2 = await product(`${root.id}-p2`, root.id);
    const p3 = await product(`${root.id}-p3`, other.id);
    await makeSection(t, {
      id: `${root.id}-explicit`,
      type: 'catalog',
      position: 1,
      config: { catalogProductIds: [p2, p3, p1] },
    });
    await makeSection(t, {
      id: `${root.id}-bycat`,
      type: 'catalog',
      position: 2,
      config: { productCategoryId: child.id },
    });

    const unrestricted = await fillers({});
    expect(unrestricted.sections.map((s) => s.catalogProducts?.map((p) => p.uniqueName))).toEqual([
      [`u-${p2}`, `u-${p3}`, `u-${p1}`],
      [`u-${p1}`],
    ]);
    expect(unrestricted.sections[1]?.catalogProducts?.[0]).toEqual({
      uniqueName: `u-${p1}`,
      name: `P ${p1}`,
      brand: { name: 'Haas' },
      modelNumber: { name: 'VF-2' },
      yearOfManufacture: { from: 2001, to: 2004 },
      productCategoryId: child.id,
      imageUrl: '/i.png',
    });
    const inRoot = await fillers({ 'product-category': root.slug });
    expect(inRoot.sections[0]?.catalogProducts?.map((p) => p.uniqueName)).toEqual([`u-${p2}`, `u-${p1}`]);
  });

  it('caps rows at 12 cards', async () => {
    const { root } = await makeCategoryTree(t);
    for (let i = 0; i < 14; i++) await t.make.lot({ productCategoryId: root.id, bidsCount: i });
    await makeSection(t, { type: 'popular' });
    const [section] = (await fillers({ 'product-category': root.slug })).sections;
    expect(section?.lots).toHaveLength(12);
    expect(section?.lots?.[0]?._source.bidsCount).toBe(13);
  });

  it('answers 400 for an unknown category, a control character or an unknown param', async () => {
    await expect400(t, PATH, { 'product-category': 'no-such-slug' });
    await expect400(t, PATH, { 'product-category': 'a\u0000' });
    await expect400(t, PATH, { category: 'x' });
  });
});

describe('GET search/lots/similar', () => {
  const similar = (params: Record<string, unknown>) => getData(t, SIMILAR, params, successEnvelope(lotCardsResponse));

  it('returns open visible lots of the category subtree, most bids first, up to limit', async () => {
    const { root, child, other } = await makeCategoryTree(t);
    const a = await t.make.lot({ productCategoryId: child.id, bidsCount: 4 });
    const b = await t.make.lot({ productCategoryId: root.id, bidsCount: 7 });
    const c = await t.make.lot({ productCategoryId: child.id, bidsCount: 1 });
    await t.make.lot({ productCategoryId: other.id, bidsCount: 99 });
    await t.make.lot({ productCategoryId: child.id, bidsCount: 99, status: 'Unsold', endedAt: hoursFromNow(-1) });

    expect((await similar({ 'product-category': root.slug })).lots.map((l) => l._id)).toEqual([b.id, a.id, c.id]);
    expect((await similar({ 'product-category': child.slug, limit: 1 })).lots.map((l) => l._id)).toEqual([a.id]);
  });

  it('rejects a missing category or a bad limit', async () => {
    await expect400(t, SIMILAR, {});
    await expect400(t, SIMILAR, { 'product-category': 'x', limit: 0 });
    await expect400(t, SIMILAR, { 'product-category': 'x', limit: 100 });
    await expect400(t, SIMILAR, { 'product-category': 'no-such-slug' });
  });
});
