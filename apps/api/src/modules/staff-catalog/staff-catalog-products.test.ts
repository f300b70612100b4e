import { errorEnvelope } from '@lotline/contracts';
import { auditLog, catalogProducts, eventLots } from '@lotline/db/schema';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { uniqueId } from '../../test/factories';
import { get, signUpUser } from '../identity/test-helpers';
import { signUpStaff } from '../tax-exemptions/test-helpers';
import { auditOf, createProduct, mergeProduct, PRODUCTS, patchProduct, productCreated } from './test-helpers';

let t: TestApp;
let staff: { id: string; cookie: string };
beforeAll(async () => {
  t = await createTestApp();
  staff = await signUpStaff(t);
});
afterAll(() => t.close());

const codeOf = (body: string) => errorEnvelope.parse(JSON.parse(body)).errors[0]?.code;
const row = async (id: string) => (await t.db.select().from(catalogProducts).where(eq(catalogProducts.id, id)))[0];
const redirectOf = async (key: string) => {
  const res = await get(t, `/marketplace/api/catalog/product-redirects/${key}`);
  return res.statusCode === 200 ? (res.json().data.uniqueName as string) : res.statusCode;
};
const key = () => uniqueId('prod').toLowerCase().replace(/_/g, '-');

describe('staff catalog products', () => {
  it('creates with brand, category, model and years; the public product page shows it', async () => {
    const brand = await t.make.brand({ name: 'Deere' });
    const category = await t.make.category();
    const product = await productCreated(
      t,
      { name: `Deere 310 ${uniqueId('p')}`, brandId: brand.id, productCategoryId: category.id, modelNumber: '310L' },
      staff.cookie,
    );
    expect(product).toMatchObject({ brandId: brand.id, productCategoryId: category.id, lotCount: 0 });
    expect(product.uniqueName).toMatch(/^deere-310-p-/);
    const page = await get(t, `/marketplace/api/catalog/products/${product.uniqueName}`);
    expect(page.json().data.catalogProduct).toMatchObject({
      name: product.name,
      brand: { name: 'Deere' },
      modelNumber: { name: '310L' },
      productCategory: { _id: category.id },
    });
    const [entry] = await auditOf(t, 'catalogProduct', product._id);
    expect(entry).toMatchObject({ actorId: staff.id, action: 'catalogProduct.create', before: null });
  });

  it('refuses unknown references and bad bodies (400), a taken uniqueName (409), creating nothing', async () => {
    const taken = await productCreated(t, { name: 'Taken product' }, staff.cookie);
    const before = await t.db.select({ n: count() }).from(catalogProducts);
    for (const body of [
      { name: 'X', brandId: 'br_nope' },
      { name: 'X', productCategoryId: 'cat_nope' },
      { name: 'X', yearFrom: 2020, yearTo: 2010 },
      { name: 'X', yearFrom: 1.5 },
      { name: 'X', uniqueName: 'Has Spaces' },
      { name: '' },
      { name: 'X', color: 'red' },
    ]) {
      const res = await createProduct(t, body, staff.cookie);
      expect([res.statusCode, codeOf(res.body)], JSON.stringify(body)).toEqual([400, 'VALIDATION_FAILED']);
    }
    const conflict = await createProduct(t, { name: 'X', uniqueName: taken.uniqueName }, staff.cookie);
    expect([conflict.statusCode, codeOf(conflict.body)]).toEqual([409, 'CONFLICT']);
    expect(await t.db.select({ n: count() }).from(catalogProducts)).toEqual(before);
  });

  it('edits; a new uniqueName leaves the old product page redirecting, and years stay in order', async () => {
    const product = await productCreated(t, { name: 'Editable', yearFrom: 2000, yearTo: 2005 }, staff.cookie);
    const brand = await t.make.brand();
    const uniqueName = key();
    const res = await patchProduct(t, product._id, { name: 'Edited', uniqueName, brandId: brand.id }, staff.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.catalogProduct).toMatchObject({ name: 'Edited', uniqueName, brandId: brand.id });
    expect(await redirectOf(product.uniqueName)).toBe(uniqueName);
    expect((await get(t, `/marketplace/api/catalog/products/${product.uniqueName}`)).statusCode).toBe(404);
    // Against the stored yearTo, a later yearFrom is refused; clearing the brand is allowed.
    const late = await patchProduct(t, product._id, { yearFrom: 2010 }, staff.cookie);
    expect([late.statusCode, codeOf(late.body)]).toEqual([400, 'VALIDATION_FAILED']);
    expect(
      (await patchProduct(t, product._id, { brandId: null }, staff.cookie)).json().data.catalogProduct.brandId,
    ).toBe(null);
    expect((await patchProduct(t, 'cp_nope', { name: 'X' }, staff.cookie)).statusCode).toBe(404);
    expect((await patchProduct(t, product._id, {}, staff.cookie)).statusCode).toBe(400);
    const entries = await auditOf(t, 'catalogProduct', product._id);
    expect(entries.map((e) => e.action)).toEqual([
      'catalogProduct.create',
      'catalogProduct.update',
      'catalogProduct.update',
    ]);
    expect(entries[1]?.before).toMatchObject({ name: 'Editable', uniqueName: product.uniqueName, yearFrom: 2000 });
  });

  it('merges a duplicate: its lots follow, its page redirects to the survivor, it is gone, audited', async () => {
    const survivor = await productCreated(t, { name: 'Survivor product' }, staff.cookie);
    const dup = await productCreated(t, { name: 'Duplicate product' }, staff.cookie);
    const lots = [await t.make.lot({ catalogProductId: dup._id }), await t.make.lot({ catalogProductId: dup._id })];
    const res = await mergeProduct(t, dup._id, survivor._id, staff.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.catalogProduct).toMatchObject({ _id: survivor._id, lotCount: 2 });
    expect(await row(dup._id)).toBeUndefined();
    for (const lot of lots) {
      const [l] = await t.db.select().from(eventLots).where(eq(eventLots.id, lot.id));
      expect(l?.catalogProductId).toBe(survivor._id);
    }
    expect(await redirectOf(dup.uniqueName)).toBe(survivor.uniqueName);
    const page = await get(t, `/marketplace/api/catalog/products/${survivor.uniqueName}/lots`);
    expect(
      page
        .json()
        .data.eventLots.map((l: { _id: string }) => l._id)
        .sort(),
    ).toEqual(lots.map((l) => l.id).sort());
    const [entry] = (await auditOf(t, 'catalogProduct', dup._id)).filter((e) => e.action === 'catalogProduct.merge');
    expect(entry?.after).toEqual({ mergedInto: survivor._id, intoUniqueName: survivor.uniqueName, lotsMoved: 2 });

    const self = await mergeProduct(t, survivor._id, survivor._id, staff.cookie);
    expect([self.statusCode, codeOf(self.body)]).toEqual([409, 'CONFLICT']);
    const unknown = await mergeProduct(t, survivor._id, 'cp_nope', staff.cookie);
    expect([unknown.statusCode, codeOf(unknown.body)]).toEqual([400, 'VALIDATION_FAILED']);
    expect((await mergeProduct(t, dup._id, survivor._id, staff.cookie)).statusCode).toBe(404);
  });

  it('is staff only: visitors 401, buyers 403, nothing changed', async () => {
    const product = await productCreated(t, { name: `Guarded ${uniqueId('g')}` }, staff.cookie);
    const list = await get(t, `${PRODUCTS}?q=${encodeURIComponent(product.name)}`, staff.cookie);
    expect(list.json().data.catalogProducts.map((p: { _id: string }) => p._id)).toEqual([product._id]);
    const buyer = await signUpUser(t);
    const audits = await t.db.select({ n: count() }).from(auditLog);
    for (const [cookie, status] of [
      [undefined, 401],
      [buyer.cookie, 403],
    ] as const) {
      expect((await get(t, PRODUCTS, cookie)).statusCode).toBe(status);
      expect((await createProduct(t, { name: 'Nope' }, cookie)).statusCode).toBe(status);
      expect((await patchProduct(t, product._id, { name: 'Nope' }, cookie)).statusCode).toBe(status);
      expect((await mergeProduct(t, product._id, product._id, cookie)).statusCode).toBe(status);
    }
    expect((await row(product._id))?.name).toBe(product.name);
    expect(await t.db.select({ n: count() }).from(auditLog)).toEqual(audits);
  });
});
