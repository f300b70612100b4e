import { errorEnvelope } from '@lotline/contracts';
import { auditLog, catalogProducts, eventLots, productCategories } from '@lotline/db/schema';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { uniqueId } from '../../test/factories';
import { get, signUpUser } from '../identity/test-helpers';
import { signUpStaff } from '../tax-exemptions/test-helpers';
import { auditOf, created, mergeCategory, patchCategory } from './test-helpers';

let t: TestApp;
let staff: { id: string; cookie: string };
beforeAll(async () => {
  t = await createTestApp();
  staff = await signUpStaff(t);
});
afterAll(() => t.close());

const row = async (id: string) => (await t.db.select().from(productCategories).where(eq(productCategories.id, id)))[0];
const codeOf = (body: string) => errorEnvelope.parse(JSON.parse(body)).errors[0]?.code;
const redirectOf = async (slug: string) => {
  const res = await get(t, `/marketplace/api/category/product-categories/redirects/${slug}`);
  return res.statusCode === 200 ? (res.json().data.slug as string) : res.statusCode;
};

describe('POST /marketplace-api/staff/categories/{categoryId}/merge', () => {
  it('moves lots, products and children to the target, redirects the slugs, deletes the source, audits', async () => {
    const target = await created(t, { name: 'Merge target' }, staff.cookie);
    const source = await created(t, { name: 'Merge source' }, staff.cookie);
    const child = await created(t, { name: 'Merge child', parentId: source._id }, staff.cookie);
    const grandchild = await created(t, { name: 'Merge grandchild', parentId: child._id }, staff.cookie);
    // A slug the source had before: it must follow the source into the target too.
    const formerSlug = source.slug;
    const renamedSlug = `${source.slug}-renamed`;
    expect((await patchCategory(t, source._id, { slug: renamedSlug }, staff.cookie)).statusCode).toBe(200);
    const company = await t.make.company();
    const lots = [
      await t.make.lot({ companyId: company.id, productCategoryId: source._id }),
      await t.make.lot({ companyId: company.id, productCategoryId: source._id }),
    ];
    const deep = await t.make.lot({ companyId: company.id, productCategoryId: grandchild._id });
    const [product] = await t.db
      .insert(catalogProducts)
      .values({ id: uniqueId('cp'), uniqueName: uniqueId('cp'), name: 'Merge product', productCategoryId: source._id })
      .returning();

    const res = await mergeCategory(t, source._id, { intoId: target._id }, staff.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.productCategory).toMatchObject({ _id: target._id, totalDocCount: 3 });

    expect(await row(source._id)).toBeUndefined();
    for (const lot of lots) {
      const [l] = await t.db.select().from(eventLots).where(eq(eventLots.id, lot.id));
      expect(l?.productCategoryId).toBe(target._id);
    }
    const [p] = await t.db
      .select()
      .from(catalogProducts)
      .where(eq(catalogProducts.id, product?.id ?? ''));
    expect(p?.productCategoryId).toBe(target._id);
    expect(await row(child._id)).toMatchObject({
      parentId: target._id,
      pathId: `/${target._id}/${child._id}/`,
      depth: 1,
    });
    expect(await row(grandchild._id)).toMatchObject({
      pathId: `/${target._id}/${child._id}/${grandchild._id}/`,
      depth: 2,
    });
    const [deepLot] = await t.db.select().from(eventLots).where(eq(eventLots.id, deep.id));
    expect(deepLot?.productCategoryId).toBe(grandchild._id);
    expect(await redirectOf(renamedSlug)).toBe(target.slug);
    expect(await redirectOf(formerSlug)).toBe(target.slug);
    // The source is gone from the public tree and its slug reads as unknown there.
    expect((await get(t, `/marketplace/api/category/product-categories/by-slug/${renamedSlug}`)).statusCode).toBe(404);

    const [entry] = (await auditOf(t, source._id)).filter((e) => e.action === 'category.merge');
    expect(entry).toMatchObject({ actorId: staff.id, before: { slug: renamedSlug, name: 'Merge source' } });
    expect(entry?.after).toEqual({ mergedInto: target._id, intoSlug: target.slug, lotsMoved: 2 });
  });

  it('refuses a merge into itself or its own descendant, or another type (409), changing nothing', async () => {
    const a = await created(t, { name: 'Self merge' }, staff.cookie);
    const b = await created(t, { name: 'Self merge child', parentId: a._id }, staff.cookie);
    const special = await created(t, { name: 'Intelligence merge', type: 'market-intelligence' }, staff.cookie);
    const lot = await t.make.lot({ productCategoryId: a._id });
    for (const intoId of [a._id, b._id, special._id]) {
      const res = await mergeCategory(t, a._id, { intoId }, staff.cookie);
      expect([res.statusCode, codeOf(res.body)], intoId).toEqual([409, 'CONFLICT']);
    }
    expect(await row(a._id)).toMatchObject({ pathId: `/${a._id}/` });
    expect(await row(b._id)).toMatchObject({ parentId: a._id });
    const [l] = await t.db.select().from(eventLots).where(eq(eventLots.id, lot.id));
    expect(l?.productCategoryId).toBe(a._id);
    expect((await auditOf(t, a._id)).map((e) => e.action)).toEqual(['category.create']);
  });

  it('answers 404 for an unknown category and 400 for an unknown target or a bad body', async () => {
    const a = await created(t, { name: 'Merge checks' }, staff.cookie);
    const missing = await mergeCategory(t, 'cat_nope', { intoId: a._id }, staff.cookie);
    expect([missing.statusCode, codeOf(missing.body)]).toEqual([404, 'NOT_FOUND']);
    for (const body of [{ intoId: 'cat_nope' }, {}, { intoId: '' }, { intoId: a._id, extra: 1 }, { intoId: 7 }]) {
      const res = await mergeCategory(t, a._id, body, staff.cookie);
      expect([res.statusCode, codeOf(res.body)], JSON.stringify(body)).toEqual([400, 'VALIDATION_FAILED']);
    }
    expect(await row(a._id)).toBeDefined();
  });

  it('refuses a visitor (401) and a buyer (403), and changes nothing', async () => {
    const a = await created(t, { name: 'Merge guarded' }, staff.cookie);
    const b = await created(t, { name: 'Merge guarded target' }, staff.cookie);
    const buyer = await signUpUser(t);
    const audits = await t.db.select({ n: count() }).from(auditLog);
    expect((await mergeCategory(t, a._id, { intoId: b._id })).statusCode).toBe(401);
    expect((await mergeCategory(t, a._id, { intoId: b._id }, buyer.cookie)).statusCode).toBe(403);
    expect(await row(a._id)).toBeDefined();
    expect(await t.db.select({ n: count() }).from(auditLog)).toEqual(audits);
  });
});
