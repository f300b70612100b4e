import { lotSearchResponse, successEnvelope } from '@lotline/contracts';
import { eventLots, productCategories } from '@lotline/db/schema';
import { and, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, url } from '../../test/app';
import { listedLotCondition } from '../lots/visibility';
import { expectCountTablesInStep } from '../search/count-tables.fixtures';
import { getData } from '../search/facets.fixtures';
import { signUpStaff } from '../tax-exemptions/test-helpers';
import { created, expectProjectionFresh, mergeCategory, patchCategory } from './test-helpers';

/**
 * After each kind of change (create, rename, re-slug, move, deactivate, merge) every
 * category's totalDocCount equals a fresh count over the lots, the search
 * projection is what its source view says, and the count table is in step with
 * the projection (PGlite, and PostgreSQL with TEST_DATABASE_URL). A move
 * rewrites no lot, projection or count row (decision 0086).
 */

let t: TestApp;
let staff: { cookie: string };
const ids: Record<'root' | 'a' | 'b' | 'other' | 'c', string> = { root: '', a: '', b: '', other: '', c: '' };

beforeAll(async () => {
  t = await createTestApp();
  staff = await signUpStaff(t);
  // root > a > b > c, and another root; lots in b (2 listed, 1 hidden, 1 in a draft event, 1 sold out), c (1
  // listed, 1 hidden), a and other.
  ids.root = (await created(t, { name: 'Count root' }, staff.cookie))._id;
  ids.a = (await created(t, { name: 'Count A', parentId: ids.root }, staff.cookie))._id;
  ids.b = (await created(t, { name: 'Count B', parentId: ids.a }, staff.cookie))._id;
  ids.other = (await created(t, { name: 'Count other' }, staff.cookie))._id;
  ids.c = (await created(t, { name: 'Count C', parentId: ids.b }, staff.cookie))._id;
  const company = await t.make.company();
  const draft = await t.make.event({ status: 'draft', companyId: company.id });
  const lot = (productCategoryId: string, extra: Partial<typeof eventLots.$inferInsert> = {}) =>
    t.make.lot({ companyId: company.id, productCategoryId, ...extra });
  await lot(ids.b);
  await lot(ids.b);
  await lot(ids.b, { hiddenFromMarketplace: true });
  await lot(ids.b, { eventId: draft.id });
  await lot(ids.b, { quantity: 0, endedAt: new Date(Date.now() + 86_400_000) });
  await lot(ids.a);
  await lot(ids.other);
  await lot(ids.c);
  await lot(ids.c, { hiddenFromMarketplace: true });
});
afterAll(() => t.close());

/** Listed lots in each category and under it, straight from the lots (the count mechanism's definition). */
async function freshCounts(): Promise<Record<string, number>> {
  const rows = await t.db
    .select({ id: productCategories.id, n: sql<number>`count(${eventLots.id})::int`.mapWith(Number) })
    .from(productCategories)
    .leftJoin(
      sql`product_categories d`,
      sql`left(d.path_id, length(${productCategories.pathId})) = ${productCategories.pathId}`,
    )
    .leftJoin(eventLots, and(sql`${eventLots.productCategoryId} = d.id`, listedLotCondition(new Date())))
    .where(inArray(productCategories.id, Object.values(ids)))
    .groupBy(productCategories.id);
  return Object.fromEntries(rows.map((r) => [r.id, r.n]));
}

async function apiCounts(): Promise<Record<string, number>> {
  const entries = await Promise.all(
    Object.values(ids).map(async (id) => {
      const query = { operator: 'and', params: [{ field: '_id', op: 'eq', value: id }] };
      const res = await t.app.inject({ url: url('/marketplace/api/category/product-categories/regular', { query }) });
      expect(res.statusCode, res.body).toBe(200);
      return [id, res.json().data.productCategories[0].totalDocCount as number] as const;
    }),
  );
  return Object.fromEntries(entries);
}

async function expectCountsExact(expected: Partial<Record<keyof typeof ids, number>>) {
  const fresh = await freshCounts();
  expect(await apiCounts()).toEqual(fresh);
  for (const [key, n] of Object.entries(expected)) expect(fresh[ids[key as keyof typeof ids]], key).toBe(n);
  await expectCountTablesInStep(t.db);
  await expectProjectionFresh(t.db);
}

describe('category counts stay exact', () => {
  it('after create, rename, re-slug, move, deactivate and merge', async () => {
    await expectCountsExact({ root: 4, a: 4, b: 3, c: 1, other: 1 });

    expect((await patchCategory(t, ids.b, { name: 'Count B renamed' }, staff.cookie)).statusCode).toBe(200);
    await expectCountsExact({ root: 4, a: 4, b: 3 });

    expect((await patchCategory(t, ids.b, { slug: `count-b-${ids.b.slice(-8)}` }, staff.cookie)).statusCode).toBe(200);
    await expectCountsExact({ root: 4, a: 4, b: 3 });

    // Move a (with b under it) under other: root loses 4, other gains them.
    const moved = await patchCategory(t, ids.a, { parentId: ids.other }, staff.cookie);
    expect([moved.statusCode, moved.json().data.productCategory.totalDocCount]).toEqual([200, 4]);
    await expectCountsExact({ root: 0, a: 4, b: 3, other: 5 });

    // Move b alone to the top level.
    expect((await patchCategory(t, ids.b, { parentId: null }, staff.cookie)).statusCode).toBe(200);
    await expectCountsExact({ root: 0, a: 1, b: 3, other: 2 });

    // Deactivating hides a branch from the tree but counts nothing differently (as the search's category filter).
    expect((await patchCategory(t, ids.other, { status: 'inactive' }, staff.cookie)).statusCode).toBe(200);
    await expectCountsExact({ a: 1, other: 2 });

    // Merge b (2 listed of its own, its child c with 1 more) into a (under other): a takes b's lots and c.
    const merged = await mergeCategory(t, ids.b, { intoId: ids.a }, staff.cookie);
    expect([merged.statusCode, merged.json().data.productCategory.totalDocCount], merged.body).toEqual([200, 4]);
    ids.b = ids.c; // b no longer exists; keep the id list to live categories.
    await expectCountsExact({ a: 4, c: 1, other: 5 });
  });
});

const SEARCH = '/marketplace/api/search/lots';
const searchEnvelope = successEnvelope(lotSearchResponse);

describe('a category move', () => {
  it('rewrites no lot, projection or count row, and browse and facets under the new parent follow at once', async () => {
    // from > branch > leaf, and to; one lot in the branch, two in the leaf.
    const from = await created(t, { name: 'Move from' }, staff.cookie);
    const to = await created(t, { name: 'Move to' }, staff.cookie);
    const branch = await created(t, { name: 'Moved branch', parentId: from._id }, staff.cookie);
    const leaf = await created(t, { name: 'Moved leaf', parentId: branch._id }, staff.cookie);
    const company = await t.make.company();
    const lots = [
      await t.make.lot({ companyId: company.id, productCategoryId: branch._id }),
      await t.make.lot({ companyId: company.id, productCategoryId: leaf._id }),
      await t.make.lot({ companyId: company.id, productCategoryId: leaf._id }),
    ].map((l) => l.id);
    const categories = [branch._id, leaf._id];
    // Every row version of those lots and their count rows: an UPDATE makes a new one (xmin, ctid).
    const versions = async () =>
      (
        (await t.db.execute(sql`select 'lot' as kind, ctid::text || xmin::text as v from event_lots
            where id in ${lots}
          union all select 'projection', ctid::text || xmin::text from lot_search where lot_id in ${lots}
          union all select 'count', ctid::text || xmin::text from lot_search_counts
            where category_id in ${categories}
          order by 1, 2`)) as unknown as { rows: { kind: string; v: string }[] }
      ).rows;
    const browse = async (slug: string) => {
      const data = await getData(t, SEARCH, { 'product-category': slug, facets: 'true' }, searchEnvelope);
      const node = (id: string, nodes = data.facets?.productCategory ?? []): number | undefined => {
        for (const n of nodes) {
          if (n._id === id) return n.count;
          const found = node(id, n.children);
          if (found !== undefined) return found;
        }
        return undefined;
      };
      return { total: data.pagination.totalItems, from: node(from._id) ?? 0, to: node(to._id) ?? 0 };
    };
    expect(await browse(from.slug)).toEqual({ total: 3, from: 3, to: 0 });
    expect(await browse(to.slug)).toEqual({ total: 0, from: 3, to: 0 });
    const before = await versions();
    const kinds = before.map((r) => r.kind);
    expect(['lot', 'projection', 'count'].map((k) => kinds.filter((x) => x === k).length)).toEqual([3, 3, 2]);

    expect((await patchCategory(t, branch._id, { parentId: to._id }, staff.cookie)).statusCode).toBe(200);

    expect(await versions()).toEqual(before);
    expect(await browse(to.slug)).toEqual({ total: 3, from: 0, to: 3 });
    expect(await browse(from.slug)).toEqual({ total: 0, from: 0, to: 3 });
    await expectCountTablesInStep(t.db);
    await expectProjectionFresh(t.db);
  });
});
