import { brands, eventLots, events, lotSearch, productCategories, searchTerms } from '@lotline/db/schema';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { uniqueId } from '../../test/factories';

/** The triggers of migration 0003 keep lot_search and search_terms in step, in the writing transaction. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const row = async (lotId: string) => (await t.db.select().from(lotSearch).where(eq(lotSearch.lotId, lotId)))[0];
const frequency = async (term: string) =>
  (await t.db.select().from(searchTerms).where(eq(searchTerms.term, term)))[0]?.frequency ?? 0;

describe('lot_search projection', () => {
  it('follows inserts, updates and deletes of lots', async () => {
    const category = await t.make.category({ name: 'Milling machines' });
    const brand = await t.make.brand({ name: 'Bridgeport' });
    const location = await t.make.location({ lat: 10, lon: 20 });
    const event = await t.make.event({ status: 'view-only', privateSale: true });
    const lot = await t.make.lot({
      companyId: event.companyId,
      eventId: event.id,
      productCategoryId: category.id,
      brandId: brand.id,
      dispositionLocationId: location.id,
      name: 'Vertical mill',
      number: 'VM-7',
    });
    expect(await row(lot.id)).toMatchObject({
      eventStatus: 'view-only',
      privateSale: true,
      categoryId: category.id,
      brandUniqueName: brand.uniqueName,
      lat: 10,
      lon: 20,
      name: 'Vertical mill',
    });
    expect((await row(lot.id))?.document).toContain("'bridgeport':");

    await t.db
      .update(eventLots)
      .set({ name: 'Horizontal mill', status: 'Sold', lat: 1, lon: 2 })
      .where(eq(eventLots.id, lot.id));
    expect(await row(lot.id)).toMatchObject({ name: 'Horizontal mill', status: 'Sold', lat: 1, lon: 2 });

    await t.db.delete(eventLots).where(eq(eventLots.id, lot.id));
    expect(await row(lot.id)).toBeUndefined();
  });

  it('follows bulk inserts (one statement, many lots)', async () => {
    const company = await t.make.company();
    const ids = [uniqueId('bulk'), uniqueId('bulk'), uniqueId('bulk')];
    await t.db.insert(eventLots).values(
      ids.map((id) => ({
        id,
        companyId: company.id,
        number: id,
        name: 'Pallet racking',
        type: 'AuctionLot' as const,
      })),
    );
    const rows = await t.db.select().from(lotSearch).where(inArray(lotSearch.lotId, ids));
    expect(rows).toHaveLength(3);
  });

  it('follows event status and private-sale changes, category renames (not moves) and brand renames', async () => {
    const root = await t.make.category();
    const other = await t.make.category();
    const child = await t.make.category({ name: 'Drills' }, root);
    const brand = await t.make.brand();
    const event = await t.make.event({ status: 'draft' });
    const lot = await t.make.lot({
      companyId: event.companyId,
      eventId: event.id,
      productCategoryId: child.id,
      brandId: brand.id,
    });

    await t.db.update(events).set({ status: 'published', privateSale: true }).where(eq(events.id, event.id));
    expect(await row(lot.id)).toMatchObject({ eventStatus: 'published', privateSale: true });

    // The row holds the category's id and name, not its place in the tree (decision 0086).
    await t.db
      .update(productCategories)
      .set({ pathId: `${other.pathId}${child.id}/`, parentId: other.id, name: 'Presses' })
      .where(eq(productCategories.id, child.id));
    expect((await row(lot.id))?.categoryId).toBe(child.id);
    expect((await row(lot.id))?.document).toContain("'presses':");

    await t.db
      .update(brands)
      .set({ uniqueName: `${brand.uniqueName}-x` })
      .where(eq(brands.id, brand.id));
    expect((await row(lot.id))?.brandUniqueName).toBe(`${brand.uniqueName}-x`);
  });

  it('changes nothing when the transaction rolls back', async () => {
    const event = await t.make.event({ status: 'published' });
    const lot = await t.make.lot({ companyId: event.companyId, eventId: event.id, name: 'Rollback lot' });
    const before = await row(lot.id);
    await expect(
      t.db.transaction(async (tx) => {
        await tx.update(events).set({ status: 'finalized' }).where(eq(events.id, event.id));
        await tx.update(eventLots).set({ name: 'Renamed' }).where(eq(eventLots.id, lot.id));
        await tx
          .insert(eventLots)
          .values({ id: uniqueId('rb'), companyId: event.companyId, number: 'x', name: 'x', type: 'AuctionLot' });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await row(lot.id)).toEqual(before);
  });
});

describe('search_terms vocabulary', () => {
  it('counts the words of lot documents and follows renames and deletes', async () => {
    const word = `zq${uniqueId('w').replace(/[^a-z]/g, '')}`;
    const lot = await t.make.lot({ name: `${word} press` });
    const base = await frequency(word);
    expect(base).toBe(1);
    await t.make.lot({ name: `Big ${word}` });
    expect(await frequency(word)).toBe(2);
    await t.db.update(eventLots).set({ name: 'Something else' }).where(eq(eventLots.id, lot.id));
    expect(await frequency(word)).toBe(1);
  });
});
