import { errorEnvelope, productCategoriesResponse, successEnvelope } from '@lotline/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, url } from '../../test/app';

const PATH = '/marketplace/api/category/product-categories/regular';
const envelope = successEnvelope(productCategoriesResponse);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function list(query: unknown, extra: Record<string, unknown> = {}) {
  const res = await t.app.inject({ method: 'GET', url: url(PATH, { query, ...extra }) });
  expect(res.statusCode, res.body).toBe(200);
  return envelope.parse(res.json()).data;
}
const byIds = (ids: string[], more: unknown[] = []) => ({
  operator: 'and',
  params: [{ field: '_id', op: 'in', value: ids }, ...more],
});

describe('GET product-categories/regular', () => {
  it('returns regular categories by name then id, with the contract fields', async () => {
    const b = await t.make.category({ name: 'Boilers', imgFilename: 'boilers.png' });
    const a2 = await t.make.category({ name: 'Augers' }, b);
    const mi = await t.make.category({ name: 'Analytics', type: 'market-intelligence' });
    const data = await list(byIds([b.id, a2.id, mi.id]));
    expect(data.productCategories).toEqual([
      {
        _id: a2.id,
        name: 'Augers',
        slug: a2.slug,
        parentId: b.id,
        imgFilename: null,
        status: 'active',
        type: 'regular',
        totalDocCount: 0,
      },
      {
        _id: b.id,
        name: 'Boilers',
        slug: b.slug,
        parentId: null,
        imgFilename: 'boilers.png',
        status: 'active',
        type: 'regular',
        totalDocCount: 0,
      },
    ]);
    expect(data.pagination).toEqual({ pageNumber: 1, pageSize: 50, totalItems: 2, totalPages: 1 });
  });

  it('filters on _id, status, parentId and slug', async () => {
    const root = await t.make.category({ name: 'Root' });
    const active = await t.make.category({ name: 'Kid active' }, root);
    const inactive = await t.make.category({ name: 'Kid inactive', status: 'inactive' }, root);
    const all = [root.id, active.id, inactive.id];
    const ids = async (more: unknown[]) => (await list(byIds(all, more))).productCategories.map((c) => c._id);
    expect(await ids([{ field: 'status', op: 'eq', value: 'active' }])).toEqual([active.id, root.id]);
    expect(await ids([{ field: 'parentId', op: 'eq', value: root.id }])).toEqual([active.id, inactive.id]);
    expect(await ids([{ field: 'parentId', op: 'exists', value: false }])).toEqual([root.id]);
    expect(await ids([{ field: 'slug', op: 'eq', value: inactive.slug }])).toEqual([inactive.id]);
    const or = await list({
      operator: 'or',
      params: [
        { field: '_id', op: 'eq', value: root.id },
        { field: 'slug', op: 'eq', value: active.slug },
      ],
    });
    expect(or.productCategories.map((c) => c._id)).toEqual([active.id, root.id]);
  });

  it('counts listed lots of the category and its descendants', async () => {
    const root = await t.make.category({ name: 'Counted root' });
    const child = await t.make.category({ name: 'Counted child' }, root);
    const company = await t.make.company();
    const draft = await t.make.event({ companyId: company.id, status: 'draft' });
    await t.make.lot({ companyId: company.id, productCategoryId: root.id });
    await t.make.lot({ companyId: company.id, productCategoryId: child.id });
    await t.make.lot({ companyId: company.id, productCategoryId: child.id, quantity: 0, status: 'Sold' });
    // Not counted: hidden, sold out while still open, in a draft event.
    await t.make.lot({ companyId: company.id, productCategoryId: child.id, hiddenFromMarketplace: true });
    await t.make.lot({
      companyId: company.id,
      productCategoryId: child.id,
      quantity: 0,
      endedAt: new Date(Date.now() + 86_400_000),
    });
    await t.make.lot({ companyId: company.id, productCategoryId: root.id, eventId: draft.id });
    const data = await list(byIds([root.id, child.id]));
    const counts = Object.fromEntries(data.productCategories.map((c) => [c._id, c.totalDocCount]));
    expect(counts).toEqual({ [root.id]: 3, [child.id]: 2 });
  });

  it('pages with a stable order', async () => {
    const made = [];
    for (const name of ['P-c', 'P-a', 'P-b']) made.push(await t.make.category({ name }));
    const q = byIds(made.map((c) => c.id));
    const p1 = await list(q, { pageSize: '2' });
    const p2 = await list(q, { pageSize: '2', pageNumber: '2' });
    expect([...p1.productCategories, ...p2.productCategories].map((c) => c.name)).toEqual(['P-a', 'P-b', 'P-c']);
    expect(p2.pagination).toEqual({ pageNumber: 2, pageSize: 2, totalItems: 3, totalPages: 2 });
  });

  it.each([
    ['bad JSON', 'query=%7Bnope', 'query'],
    [
      'unknown field',
      `query=${encodeURIComponent('{"params":[{"field":"name","op":"eq","value":"x"}]}')}`,
      'query.params.0.field',
    ],
    [
      'bad operator',
      `query=${encodeURIComponent('{"params":[{"field":"_id","op":"match","value":"x"}]}')}`,
      'query.params.0.op',
    ],
    [
      'wrong value type',
      `query=${encodeURIComponent('{"params":[{"field":"_id","op":"nin","value":"x"}]}')}`,
      'query.params.0.value',
    ],
    [
      'unknown status',
      `query=${encodeURIComponent('{"params":[{"field":"status","op":"eq","value":"gone"}]}')}`,
      'query.params.0.value',
    ],
    ['pageSize over 50', 'pageSize=51', 'pageSize'],
    ['pageSize 0', 'pageSize=0', 'pageSize'],
    ['pageSize abc', 'pageSize=abc', 'pageSize'],
    ['pageNumber 0', 'pageNumber=0', 'pageNumber'],
    ['unknown parameter', 'esQuery=%7B%7D', 'esQuery'],
    ['huge query', `query=${'x'.repeat(25_000)}`, 'query'],
  ])('rejects %s with 400 VALIDATION_FAILED', async (_name, qs, field) => {
    const res = await t.app.inject({ method: 'GET', url: `${PATH}?${qs}` });
    expect(res.statusCode).toBe(400);
    const body = errorEnvelope.parse(res.json());
    expect(body.errors[0]?.code).toBe('VALIDATION_FAILED');
    expect(body.errors.map((e) => e.field)).toContain(field);
  });
});
