import { lotFacetsResponse, successEnvelope } from '@lotline/contracts';
import { brands, eventLots } from '@lotline/db/schema';
import { and, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { listedLotCondition } from '../lots/visibility';
import { expectCountTablesInStep } from '../search/count-tables.fixtures';
import { getData, uniqueWord } from '../search/facets.fixtures';
import { expectProjectionFresh } from '../staff-categories/test-helpers';
import { signUpStaff } from '../tax-exemptions/test-helpers';
import { brandCreated, mergeBrand, mergeProduct, patchBrand, productCreated } from './test-helpers';

/**
 * After each brand and catalog product change (create, rename, re-key, brand
 * merge, product merge) the manufacturer facet counts equal a fresh count over
 * the lots, the search projection is exactly what the lots say, and the count
 * table is in step with it (PGlite, and PostgreSQL with TEST_DATABASE_URL).
 */

let t: TestApp;
let staff: { cookie: string };
const word = uniqueWord();
const b: Record<'x' | 'y' | 'z', { _id: string; uniqueName: string; name: string }> = {} as never;

beforeAll(async () => {
  t = await createTestApp();
  staff = await signUpStaff(t);
  b.x = await brandCreated(t, { name: 'Counted X' }, staff.cookie);
  b.y = await brandCreated(t, { name: 'Counted Y' }, staff.cookie);
  b.z = await brandCreated(t, { name: 'Counted Z' }, staff.cookie);
  const company = await t.make.company();
  const lot = (brandId: string, extra: Partial<typeof eventLots.$inferInsert> = {}) =>
    t.make.lot({ companyId: company.id, brandId, name: `${word} lot`, ...extra });
  await lot(b.x._id);
  await lot(b.x._id);
  await lot(b.x._id, { hiddenFromMarketplace: true });
  await lot(b.y._id);
  await lot(b.y._id, { quantity: 0, endedAt: new Date(Date.now() + 86_400_000) });
  await lot(b.z._id);
});
afterAll(() => t.close());

const PATH = '/marketplace/api/search/lot-facets';
const envelope = successEnvelope(lotFacetsResponse);

/** Listed lots of each of the test's brands, by uniqueName, straight from the lots. */
async function freshCounts(): Promise<Record<string, number>> {
  const rows = await t.db
    .select({ key: brands.uniqueName, n: sql<number>`count(*)::int`.mapWith(Number) })
    .from(eventLots)
    .innerJoin(brands, eq(brands.id, eventLots.brandId))
    .where(and(listedLotCondition(new Date()), like(eventLots.name, `${word}%`)))
    .groupBy(brands.uniqueName);
  return Object.fromEntries(rows.map((r) => [r.key, r.n]));
}

async function expectCountsExact(expected: Record<string, number>) {
  const facets = (await getData(t, PATH, { keyword: word }, envelope)).facets;
  const fromFacet = Object.fromEntries(
    facets.manufacturer.filter((m) => m.count > 0).map((m) => [m.uniqueName, m.count]),
  );
  const fresh = await freshCounts();
  expect(fromFacet).toEqual(fresh);
  expect(fresh).toEqual(expected);
  await expectProjectionFresh(t.db);
  await expectCountTablesInStep(t.db);
}

describe('brand and product counts stay exact', () => {
  it('after brand create, rename, re-key and merge, and a product merge', async () => {
    await expectCountsExact({ [b.x.uniqueName]: 2, [b.y.uniqueName]: 1, [b.z.uniqueName]: 1 });

    // A re-key moves the facet's key; a rename its label (the search documents hold brand names).
    const rekey = `${b.x.uniqueName}-new`;
    expect((await patchBrand(t, b.x._id, { name: 'Counted X2', uniqueName: rekey }, staff.cookie)).statusCode).toBe(
      200,
    );
    await expectCountsExact({ [rekey]: 2, [b.y.uniqueName]: 1, [b.z.uniqueName]: 1 });

    // Merge y into x: x takes y's lots (the listed one counts, the sold-out one does not); y leaves the facet.
    expect((await mergeBrand(t, b.y._id, b.x._id, staff.cookie)).statusCode).toBe(200);
    await expectCountsExact({ [rekey]: 3, [b.z.uniqueName]: 1 });

    // A product merge moves lots between products, not brands or categories: the counts stand.
    const p1 = await productCreated(t, { name: 'Counted product 1' }, staff.cookie);
    const p2 = await productCreated(t, { name: 'Counted product 2' }, staff.cookie);
    await t.db.update(eventLots).set({ catalogProductId: p2._id }).where(eq(eventLots.brandId, b.z._id));
    expect((await mergeProduct(t, p2._id, p1._id, staff.cookie)).statusCode).toBe(200);
    await expectCountsExact({ [rekey]: 3, [b.z.uniqueName]: 1 });
    const lots = await t.db.select({ id: eventLots.id }).from(eventLots).where(eq(eventLots.catalogProductId, p1._id));
    expect(lots).toHaveLength(1);
  });
});
