import {
  brandsResponse,
  catalogProductResponse,
  catalogProductsResponse,
  errorEnvelope,
  type ProductCategoryTreeNode,
  productCategoryBySlugResponse,
  productCategoryTreeResponse,
  successEnvelope,
} from '@lotline/contracts';
import { catalogProducts } from '@lotline/db/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, url } from '../../test/app';
import { uniqueId } from '../../test/factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function get(path: string, expected = 200) {
  const res = await t.app.inject({ method: 'GET', url: path });
  expect(res.statusCode, res.body).toBe(expected);
  return res.json();
}
async function rejects(path: string, status: 400 | 404) {
  const body = errorEnvelope.parse(await get(path, status));
  expect(body.errors[0]?.code).toBe(status === 400 ? 'VALIDATION_FAILED' : 'NOT_FOUND');
}

function product(overrides: Partial<typeof catalogProducts.$inferInsert> = {}) {
  const id = uniqueId('cp');
  return t.db
    .insert(catalogProducts)
    .values({ id, uniqueName: id, name: `Product ${id}`, ...overrides })
    .returning()
    .then((rows) => rows[0] as typeof catalogProducts.$inferSelect);
}

/** root > mid > leaf (+ an inactive sibling of mid with a child); lots: 1 in root, 2 in leaf, 1 under inactive. */
async function categoryBranch() {
  const root = await t.make.category({ name: 'Tree root', position: -100 });
  const mid = await t.make.category({ name: 'Mid' }, root);
  const leaf = await t.make.category({ name: 'Leaf', imgFilename: 'leaf.png' }, mid);
  const off = await t.make.category({ name: 'Off', status: 'inactive' }, root);
  const underOff = await t.make.category({ name: 'Under off' }, off);
  const company = await t.make.company();
  for (const productCategoryId of [root.id, leaf.id, leaf.id, underOff.id]) {
    await t.make.lot({ companyId: company.id, productCategoryId });
  }
  await t.make.lot({ companyId: company.id, productCategoryId: leaf.id, hiddenFromMarketplace: true });
  return { root, mid, leaf, off, underOff };
}

const findNode = (nodes: ProductCategoryTreeNode[], id: string): ProductCategoryTreeNode | undefined =>
  nodes.find((n) => n.node._id === id) ?? nodes.map((n) => findNode(n.children, id)).find(Boolean);

describe('GET product-categories/tree', () => {
  it('nests active categories with counts that include descendants', async () => {
    const { root, mid, leaf, off } = await categoryBranch();
    const { tree } = successEnvelope(productCategoryTreeResponse).parse(
      await get('/marketplace/api/category/product-categories/tree'),
    ).data;
    const r = findNode(tree, root.id);
    expect(r && tree.includes(r)).toBe(true);
    // The inactive branch is not shown, but its lots still count for the root (as the lot filter includes them).
    expect(r?.additionalData.totalDocCount).toBe(4);
    expect(r?.children.map((c) => c.node._id)).toEqual([mid.id]);
    expect(findNode(tree, off.id)).toBeUndefined();
    expect(r?.children[0]).toEqual({
      node: { _id: mid.id, name: 'Mid', slug: mid.slug, parentId: root.id, imgFilename: null },
      additionalData: { totalDocCount: 2 },
      children: [
        {
          node: { _id: leaf.id, name: 'Leaf', slug: leaf.slug, parentId: mid.id, imgFilename: 'leaf.png' },
          additionalData: { totalDocCount: 2 },
          children: [],
        },
      ],
    });
  });

  it('shows a new lot on the next request (no stale cache)', async () => {
    const { leaf } = await categoryBranch();
    const path = '/marketplace/api/category/product-categories/tree';
    const count = async () =>
      findNode(successEnvelope(productCategoryTreeResponse).parse(await get(path)).data.tree, leaf.id)?.additionalData
        .totalDocCount;
    expect(await count()).toBe(2);
    await t.make.lot({ productCategoryId: leaf.id });
    expect(await count()).toBe(3);
  });

  it('rejects query parameters', () => rejects('/marketplace/api/category/product-categories/tree?depth=2', 400));
});

describe('GET product-categories/by-slug', () => {
  it('returns the category with its count and ancestors', async () => {
    const { root, mid, leaf } = await categoryBranch();
    const body = await get(`/marketplace/api/category/product-categories/by-slug/${mid.slug}`);
    expect(successEnvelope(productCategoryBySlugResponse).parse(body).data.productCategory).toEqual({
      _id: mid.id,
      name: 'Mid',
      slug: mid.slug,
      parentId: root.id,
      imgFilename: null,
      status: 'active',
      type: 'regular',
      totalDocCount: 2,
      ancestors: [{ _id: root.id, name: 'Tree root', slug: root.slug }],
    });
    const leafBody = await get(`/marketplace/api/category/product-categories/by-slug/${leaf.slug}`);
    const ancestors = successEnvelope(productCategoryBySlugResponse).parse(leafBody).data.productCategory.ancestors;
    expect(ancestors.map((a) => a._id)).toEqual([root.id, mid.id]);
  });

  it('answers 404 for an unknown slug', () =>
    rejects('/marketplace/api/category/product-categories/by-slug/no-such-slug', 404));
});

describe('GET brands', () => {
  it('pages brands by name and filters with the query object', async () => {
    const tag = uniqueId('bq');
    const b = await t.make.brand({ name: `${tag} Beta`, uniqueName: `${tag}-beta` });
    const a = await t.make.brand({ name: `${tag} Alpha`, uniqueName: `${tag}-alpha` });
    const q = { params: [{ field: 'uniqueName', op: 'in', value: [a.uniqueName, b.uniqueName] }] };
    const data = successEnvelope(brandsResponse).parse(await get(url('/marketplace/api/brands', { query: q }))).data;
    expect(data.brands).toEqual([
      { _id: a.id, name: a.name, uniqueName: a.uniqueName },
      { _id: b.id, name: b.name, uniqueName: b.uniqueName },
    ]);
    expect(data.pagination).toEqual({ pageNumber: 1, pageSize: 30, totalItems: 2, totalPages: 1 });
    const byName = { params: [{ field: 'name', op: 'eq', value: b.name }] };
    const page = await get(url('/marketplace/api/brands', { query: byName, pageSize: '1' }));
    expect(
      successEnvelope(brandsResponse)
        .parse(page)
        .data.brands.map((x) => x._id),
    ).toEqual([b.id]);
  });

  it.each([
    ['an unknown field', `query=${encodeURIComponent('{"params":[{"field":"slug","op":"eq","value":"x"}]}')}`],
    ['bad JSON', 'query=%7B'],
    ['pageSize 0', 'pageSize=0'],
    ['an unknown parameter', 'sort=name'],
  ])('rejects %s', (_name, qs) => rejects(`/marketplace/api/brands?${qs}`, 400));
});

describe('GET catalog products', () => {
  it('returns one product in the spec shape, or 404', async () => {
    const { leaf, mid } = await categoryBranch();
    const brand = await t.make.brand({ name: 'Caterpillar' });
    const p = await product({
      name: 'CAT 320 Excavator',
      brandId: brand.id,
      modelNumber: '320',
      yearFrom: 2015,
      yearTo: 2019,
      productCategoryId: leaf.id,
      imageUrl: '/files/cat.png',
    });
    const body = await get(`/marketplace/api/catalog/products/${p.uniqueName}`);
    expect(successEnvelope(catalogProductResponse).parse(body).data.catalogProduct).toEqual({
      uniqueName: p.uniqueName,
      name: 'CAT 320 Excavator',
      brand: { name: 'Caterpillar' },
      modelNumber: { name: '320' },
      yearOfManufacture: { from: 2015, to: 2019 },
      productCategoryId: leaf.id,
      productCategory: { _id: leaf.id, name: 'Leaf', slug: leaf.slug, parentId: mid.id },
      imageUrl: '/files/cat.png',
    });
    await rejects('/marketplace/api/catalog/products/no-such-product', 404);
  });

  it('filters by category slug or id, including descendants', async () => {
    const { root, mid, leaf, underOff } = await categoryBranch();
    const inLeaf = await product({ name: 'A in leaf', productCategoryId: leaf.id });
    const inMid = await product({ name: 'B in mid', productCategoryId: mid.id });
    const inRoot = await product({ name: 'C in root', productCategoryId: root.id });
    const other = await product({ name: 'D elsewhere', productCategoryId: underOff.id });
    const list = async (cat: string, extra: Record<string, string> = {}) =>
      successEnvelope(catalogProductsResponse).parse(
        await get(url('/marketplace/api/catalog/products', { 'product-category': cat, ...extra })),
      ).data;
    expect((await list(mid.slug)).catalogProducts.map((p) => p.uniqueName)).toEqual([
      inLeaf.uniqueName,
      inMid.uniqueName,
    ]);
    expect((await list(root.id)).catalogProducts.map((p) => p.uniqueName)).toEqual(
      [inLeaf, inMid, inRoot, other].map((p) => p.uniqueName),
    );
    const page2 = await list(root.slug, { pageSize: '3', pageNumber: '2' });
    expect(page2.catalogProducts.map((p) => p.uniqueName)).toEqual([other.uniqueName]);
    expect(page2.pagination).toEqual({ pageNumber: 2, pageSize: 3, totalItems: 4, totalPages: 2 });
    expect((await list('no-such-category')).catalogProducts).toEqual([]);
  });

  it.each([
    ['pageSize 101', 'pageSize=101'],
    ['an unknown parameter', 'category=x'],
    ['an empty category', 'product-category='],
  ])('rejects %s', (_name, qs) => rejects(`/marketplace/api/catalog/products?${qs}`, 400));
});
