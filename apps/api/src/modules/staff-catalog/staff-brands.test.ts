import { errorEnvelope } from '@lotline/contracts';
import { auditLog, brands, catalogProducts, eventLots } from '@lotline/db/schema';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { uniqueId } from '../../test/factories';
import { get, signUpUser } from '../identity/test-helpers';
import { signUpStaff } from '../tax-exemptions/test-helpers';
import { auditOf, BRANDS, brandCreated, createBrand, mergeBrand, patchBrand } from './test-helpers';

let t: TestApp;
let staff: { id: string; cookie: string };
beforeAll(async () => {
  t = await createTestApp();
  staff = await signUpStaff(t);
});
afterAll(() => t.close());

const codeOf = (body: string) => errorEnvelope.parse(JSON.parse(body)).errors[0]?.code;
const brandRow = async (id: string) => (await t.db.select().from(brands).where(eq(brands.id, id)))[0];
const redirectOf = async (key: string) => {
  const res = await get(t, `/marketplace/api/catalog/brand-redirects/${key}`);
  return res.statusCode === 200 ? (res.json().data.uniqueName as string) : res.statusCode;
};
const key = () => uniqueId('brand').toLowerCase().replace(/_/g, '-');

describe('staff brands', () => {
  it('creates with a derived or given uniqueName, refuses a taken one (409) and bad bodies (400)', async () => {
    const name = `Caterpillar & Sons ${uniqueId('b')}`;
    const first = await brandCreated(t, { name }, staff.cookie);
    const second = await brandCreated(t, { name }, staff.cookie);
    expect(first).toMatchObject({ name, lotCount: 0 });
    expect(first.uniqueName).toMatch(/^caterpillar-and-sons-b-/);
    expect(second.uniqueName).toBe(`${first.uniqueName}-2`);
    const given = key();
    expect((await brandCreated(t, { name: 'Given', uniqueName: given }, staff.cookie)).uniqueName).toBe(given);
    const taken = await createBrand(t, { name: 'Again', uniqueName: given }, staff.cookie);
    expect([taken.statusCode, codeOf(taken.body)]).toEqual([409, 'CONFLICT']);
    for (const body of [{ name: '' }, { name: 'X', uniqueName: 'Not Valid' }, { name: '!!!' }, { name: 'X', y: 1 }]) {
      const res = await createBrand(t, body, staff.cookie);
      expect([res.statusCode, codeOf(res.body)], JSON.stringify(body)).toEqual([400, 'VALIDATION_FAILED']);
    }
    const [entry] = await auditOf(t, 'brand', first._id);
    expect(entry).toMatchObject({ actorId: staff.id, action: 'brand.create', before: null });
  });

  it('renames and re-keys; the old key redirects, the lots follow in the search facet', async () => {
    const brand = await brandCreated(t, { name: 'Old brand' }, staff.cookie);
    const lot = await t.make.lot({ brandId: brand._id });
    const uniqueName = key();
    const res = await patchBrand(t, brand._id, { name: 'New brand', uniqueName }, staff.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.brand).toMatchObject({ name: 'New brand', uniqueName, lotCount: 1 });
    expect(await redirectOf(brand.uniqueName)).toBe(uniqueName);
    expect(await redirectOf(uniqueName)).toBe(404);
    const search = await get(t, `/marketplace/api/search/lots?manufacturer=${uniqueName}`);
    expect(search.json().data.lots.map((l: { _id: string }) => l._id)).toContain(lot.id);
    const taken = await brandCreated(t, { name: 'Taken' }, staff.cookie);
    const conflict = await patchBrand(t, brand._id, { uniqueName: taken.uniqueName }, staff.cookie);
    expect([conflict.statusCode, codeOf(conflict.body)]).toEqual([409, 'CONFLICT']);
    expect((await patchBrand(t, brand._id, {}, staff.cookie)).statusCode).toBe(400);
    expect((await patchBrand(t, 'brand_nope', { name: 'X' }, staff.cookie)).statusCode).toBe(404);
    const entries = await auditOf(t, 'brand', brand._id);
    expect(entries.map((e) => e.action)).toEqual(['brand.create', 'brand.update']);
    expect(entries[1]?.before).toEqual({ name: 'Old brand', uniqueName: brand.uniqueName });
  });

  it('merges a duplicate: lots and products follow, both its keys redirect, it is gone, audited', async () => {
    const survivor = await brandCreated(t, { name: 'Survivor' }, staff.cookie);
    const dup = await brandCreated(t, { name: 'Duplicate' }, staff.cookie);
    const formerKey = dup.uniqueName;
    const newKey = key();
    await patchBrand(t, dup._id, { uniqueName: newKey }, staff.cookie);
    const lots = [await t.make.lot({ brandId: dup._id }), await t.make.lot({ brandId: dup._id })];
    const [product] = await t.db
      .insert(catalogProducts)
      .values({ id: uniqueId('cp'), uniqueName: uniqueId('cp'), name: 'P', brandId: dup._id })
      .returning();

    const res = await mergeBrand(t, dup._id, survivor._id, staff.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.brand).toMatchObject({ _id: survivor._id, lotCount: 2 });
    expect(await brandRow(dup._id)).toBeUndefined();
    for (const lot of lots) {
      expect((await t.db.select().from(eventLots).where(eq(eventLots.id, lot.id)))[0]?.brandId).toBe(survivor._id);
    }
    const [p] = await t.db
      .select()
      .from(catalogProducts)
      .where(eq(catalogProducts.id, product?.id ?? ''));
    expect(p?.brandId).toBe(survivor._id);
    expect(await redirectOf(newKey)).toBe(survivor.uniqueName);
    expect(await redirectOf(formerKey)).toBe(survivor.uniqueName);
    const [entry] = (await auditOf(t, 'brand', dup._id)).filter((e) => e.action === 'brand.merge');
    expect(entry?.after).toEqual({ mergedInto: survivor._id, intoUniqueName: survivor.uniqueName, lotsMoved: 2 });
  });

  it('refuses a merge into itself (409), an unknown survivor or bad body (400), an unknown brand (404)', async () => {
    const brand = await brandCreated(t, { name: 'Lonely' }, staff.cookie);
    const self = await mergeBrand(t, brand._id, brand._id, staff.cookie);
    expect([self.statusCode, codeOf(self.body)]).toEqual([409, 'CONFLICT']);
    for (const intoId of ['brand_nope', '', 5]) {
      const res = await mergeBrand(t, brand._id, intoId, staff.cookie);
      expect([res.statusCode, codeOf(res.body)], String(intoId)).toEqual([400, 'VALIDATION_FAILED']);
    }
    expect((await mergeBrand(t, 'brand_nope', brand._id, staff.cookie)).statusCode).toBe(404);
    expect(await brandRow(brand._id)).toBeDefined();
    expect((await auditOf(t, 'brand', brand._id)).map((e) => e.action)).toEqual(['brand.create']);
  });

  it('lists and searches for staff only; visitors 401, buyers 403, nothing changed', async () => {
    const brand = await brandCreated(t, { name: `Findable ${uniqueId('f')}` }, staff.cookie);
    const list = await get(t, `${BRANDS}?q=${encodeURIComponent(brand.name)}`, staff.cookie);
    expect(list.json().data.brands).toEqual([brand]);
    const buyer = await signUpUser(t);
    const audits = await t.db.select({ n: count() }).from(auditLog);
    for (const [cookie, status] of [
      [undefined, 401],
      [buyer.cookie, 403],
    ] as const) {
      expect((await get(t, BRANDS, cookie)).statusCode).toBe(status);
      expect((await createBrand(t, { name: 'Nope' }, cookie)).statusCode).toBe(status);
      expect((await patchBrand(t, brand._id, { name: 'Nope' }, cookie)).statusCode).toBe(status);
      expect((await mergeBrand(t, brand._id, brand._id, cookie)).statusCode).toBe(status);
    }
    expect((await brandRow(brand._id))?.name).toBe(brand.name);
    expect(await t.db.select({ n: count() }).from(auditLog)).toEqual(audits);
  });
});
