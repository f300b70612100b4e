import { errorEnvelope } from '@lotline/contracts';
import { auditLog, categorySlugRedirects, productCategories } from '@lotline/db/schema';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { uniqueId } from '../../test/factories';
import { get, signUpUser } from '../identity/test-helpers';
import { signUpStaff } from '../tax-exemptions/test-helpers';
import { auditOf, createCategory, created, patchCategory } from './test-helpers';

let t: TestApp;
let staff: { id: string; cookie: string };
beforeAll(async () => {
  t = await createTestApp();
  staff = await signUpStaff(t);
});
afterAll(() => t.close());

const row = async (id: string) => (await t.db.select().from(productCategories).where(eq(productCategories.id, id)))[0];
const codeOf = (body: string) => errorEnvelope.parse(JSON.parse(body)).errors[0]?.code;

describe('POST /marketplace-api/staff/categories', () => {
  it('creates a top-level category with a slug derived from the name, unique with a suffix', async () => {
    const name = `Dump Trucks & Trailers ${uniqueId('n')}`;
    const first = await created(t, { name }, staff.cookie);
    const second = await created(t, { name }, staff.cookie);
    expect(first).toMatchObject({ name, parentId: null, status: 'active', type: 'regular', totalDocCount: 0 });
    expect(first.slug).toMatch(/^dump-trucks-and-trailers-n-/);
    expect(second.slug).toBe(`${first.slug}-2`);
    expect((await row(first._id))?.pathId).toBe(`/${first._id}/`);
  });

  it('creates a child with its given slug, path and depth, and audits it', async () => {
    const parent = await created(t, { name: 'Parent' }, staff.cookie);
    const slug = uniqueId('given').toLowerCase().replace(/_/g, '-');
    const child = await created(t, { name: 'Child', slug, parentId: parent._id, status: 'inactive' }, staff.cookie);
    expect(child).toMatchObject({ slug, parentId: parent._id, status: 'inactive' });
    expect(await row(child._id)).toMatchObject({ pathId: `/${parent._id}/${child._id}/`, depth: 1 });
    const [entry] = await auditOf(t, child._id);
    expect(entry).toMatchObject({ actorId: staff.id, action: 'category.create', before: null });
    expect(entry?.after).toMatchObject({ name: 'Child', slug, parentId: parent._id, status: 'inactive' });
  });

  it('refuses a taken slug (409), an unknown parent and a bad body (400)', async () => {
    const taken = await created(t, { name: 'Taken' }, staff.cookie);
    const conflict = await createCategory(t, { name: 'Again', slug: taken.slug }, staff.cookie);
    expect([conflict.statusCode, codeOf(conflict.body)]).toEqual([409, 'CONFLICT']);
    for (const body of [
      { name: 'Orphan', parentId: 'cat_nope' },
      { name: '' },
      { name: 'Bad slug', slug: 'Not A Slug' },
      { name: 'Extra', color: 'red' },
      { name: '!!!' },
    ]) {
      const res = await createCategory(t, body, staff.cookie);
      expect([res.statusCode, codeOf(res.body)], JSON.stringify(body)).toEqual([400, 'VALIDATION_FAILED']);
    }
  });
});

describe('PATCH /marketplace-api/staff/categories/{categoryId}', () => {
  it('renames and re-slugs; the old slug reads as a redirect to the new one', async () => {
    const category = await created(t, { name: 'Old name' }, staff.cookie);
    const slug = `${category.slug}-renamed`;
    const res = await patchCategory(t, category._id, { name: 'New name', slug }, staff.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.productCategory).toMatchObject({ _id: category._id, name: 'New name', slug });

    const redirect = await get(t, `/marketplace/api/category/product-categories/redirects/${category.slug}`);
    expect([redirect.statusCode, redirect.json().data]).toEqual([200, { slug }]);
    // The live slug itself, and a slug nobody had, are no redirect.
    expect((await get(t, `/marketplace/api/category/product-categories/redirects/${slug}`)).statusCode).toBe(404);
    expect((await get(t, '/marketplace/api/category/product-categories/redirects/never-was')).statusCode).toBe(404);

    const entries = await auditOf(t, category._id);
    expect(entries.map((e) => e.action)).toEqual(['category.create', 'category.update']);
    const entry = entries[1];
    expect(entry?.actorId).toBe(staff.id);
    expect(entry?.before).toMatchObject({ name: 'Old name', slug: category.slug });
    expect(entry?.after).toMatchObject({ name: 'New name', slug });
  });

  it('gives a slug back when a category takes it again', async () => {
    const category = await created(t, { name: 'Back and forth' }, staff.cookie);
    await patchCategory(t, category._id, { slug: `${category.slug}-b` }, staff.cookie);
    expect((await patchCategory(t, category._id, { slug: category.slug }, staff.cookie)).statusCode).toBe(200);
    const rows = await t.db
      .select()
      .from(categorySlugRedirects)
      .where(eq(categorySlugRedirects.categoryId, category._id));
    expect(rows.map((r) => r.oldPath)).toEqual([`${category.slug}-b`]);
  });

  it('moves a branch, deactivates, and refuses a move under its own descendant (409)', async () => {
    const a = await created(t, { name: 'A' }, staff.cookie);
    const b = await created(t, { name: 'B' }, staff.cookie);
    const c = await created(t, { name: 'C', parentId: b._id }, staff.cookie);
    expect((await patchCategory(t, b._id, { parentId: a._id }, staff.cookie)).statusCode).toBe(200);
    expect(await row(c._id)).toMatchObject({ pathId: `/${a._id}/${b._id}/${c._id}/`, depth: 2 });

    for (const parentId of [c._id, b._id]) {
      const cycle = await patchCategory(t, b._id, { parentId }, staff.cookie);
      expect([cycle.statusCode, codeOf(cycle.body)]).toEqual([409, 'CONFLICT']);
    }
    const off = await patchCategory(t, a._id, { status: 'inactive' }, staff.cookie);
    expect(off.json().data.productCategory.status).toBe('inactive');
    expect((await patchCategory(t, b._id, { parentId: null }, staff.cookie)).statusCode).toBe(200);
    expect(await row(c._id)).toMatchObject({ pathId: `/${b._id}/${c._id}/`, depth: 1 });
  });

  it('answers 404 for an unknown category and 400 for an empty or bad body', async () => {
    const missing = await patchCategory(t, 'cat_nope', { name: 'X' }, staff.cookie);
    expect([missing.statusCode, codeOf(missing.body)]).toEqual([404, 'NOT_FOUND']);
    const category = await created(t, { name: 'Body checks' }, staff.cookie);
    for (const body of [{}, { status: 'gone' }, { parentId: 'cat_nope' }, { type: 'regular' }]) {
      const res = await patchCategory(t, category._id, body, staff.cookie);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
  });
});

describe('staff only', () => {
  it('refuses a visitor (401) and a buyer (403), and changes nothing', async () => {
    const category = await created(t, { name: 'Guarded' }, staff.cookie);
    const buyer = await signUpUser(t);
    const before = await t.db.select({ n: count() }).from(productCategories);
    const audits = await t.db.select({ n: count() }).from(auditLog);
    for (const [cookie, status] of [
      [undefined, 401],
      [buyer.cookie, 403],
    ] as const) {
      expect((await createCategory(t, { name: 'Nope' }, cookie)).statusCode).toBe(status);
      expect((await patchCategory(t, category._id, { name: 'Nope' }, cookie)).statusCode).toBe(status);
    }
    expect(await t.db.select({ n: count() }).from(productCategories)).toEqual(before);
    expect(await t.db.select({ n: count() }).from(auditLog)).toEqual(audits);
    expect((await row(category._id))?.name).toBe('Guarded');
  });
});
