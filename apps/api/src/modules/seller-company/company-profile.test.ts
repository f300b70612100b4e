import { companies, companyMembers, uploads } from '@lotline/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { get, signUpUser } from '../identity/test-helpers';
import { pdfBytes, uploadFile } from '../tax-exemptions/test-helpers';
import { pngBytes } from '../uploads/test-helpers';
import { companyPath, crew, getAs, sendAs } from './test-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const stored = async (companyId: string) =>
  (
    await t.db
      .select({ displayName: companies.displayName, description: companies.description, logoUrl: companies.logoUrl })
      .from(companies)
      .where(eq(companies.id, companyId))
  )[0];
const publicSeller = async (companyId: string) =>
  (await get(t, `/marketplace/api/companies/${companyId}`)).json().data.company;
const codeOf = (res: { json: () => { errors: { code: string }[] } }) => res.json().errors[0]?.code;

describe('GET /marketplace-api/seller/companies', () => {
  it('lists the user’s companies with their role; a buyer is 403, a visitor 401', async () => {
    const { company, owner, staff, buyer } = await crew(t);
    const mine = await getAs(t, '/marketplace-api/seller/companies', owner);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().data.companies).toEqual([
      {
        _id: company.id,
        slug: company.slug,
        name: 'Acme Liquidators LLC',
        displayName: 'Acme Liquidators',
        description: '',
        logoUrl: null,
        role: 'owner',
      },
    ]);
    expect((await getAs(t, '/marketplace-api/seller/companies', staff)).json().data.companies[0].role).toBe('staff');
    expect((await getAs(t, '/marketplace-api/seller/companies', buyer)).statusCode).toBe(403);
    expect((await getAs(t, '/marketplace-api/seller/companies')).statusCode).toBe(401);
  });
});

describe('GET /marketplace-api/seller/companies/{companyId}', () => {
  it('answers the profile to its members only: 403 another company and a buyer, 401 a visitor, 404 unknown', async () => {
    const { company, owner, staff, stranger, buyer } = await crew(t);
    const res = await getAs(t, companyPath(company.id), staff);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ displayName: 'Acme Liquidators', description: '', logoUrl: null });
    expect((await getAs(t, companyPath(company.id), stranger)).statusCode).toBe(403);
    expect((await getAs(t, companyPath(company.id), buyer)).statusCode).toBe(403);
    expect((await getAs(t, companyPath(company.id))).statusCode).toBe(401);
    expect((await getAs(t, companyPath('co_unknown'), owner)).statusCode).toBe(404);
  });
});

describe('PUT /marketplace-api/seller/companies/{companyId}', () => {
  it('lets owner and staff edit the profile, and the public seller page shows it at once', async () => {
    const { company, owner, staff } = await crew(t);
    const body = { displayName: 'Acme Surplus', description: 'Plant closures since 1987.' };
    const res = await sendAs(t, 'PUT', companyPath(company.id), staff, body);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ ...body, logoUrl: null });
    expect(await publicSeller(company.id)).toMatchObject(body);
    const cleared = await sendAs(t, 'PUT', companyPath(company.id), owner, { displayName: null, description: '' });
    expect(cleared.statusCode).toBe(200);
    expect(await publicSeller(company.id)).toMatchObject({ displayName: null, description: '', name: company.name });
  });

  it('refuses bad input with 400 and a field, and changes nothing', async () => {
    const { company, owner } = await crew(t);
    const before = await stored(company.id);
    const cases: [unknown, string][] = [
      [{ displayName: 'x'.repeat(121), description: '' }, 'displayName'],
      [{ displayName: '   ', description: '' }, 'displayName'],
      [{ displayName: 'Ok', description: 'x'.repeat(5_001) }, 'description'],
      [{ displayName: 'Ok', description: '', featured: true }, ''],
      [{ description: '' }, 'displayName'],
    ];
    for (const [body, field] of cases) {
      const res = await sendAs(t, 'PUT', companyPath(company.id), owner, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(codeOf(res)).toBe('VALIDATION_FAILED');
      if (field) expect(res.json().errors[0].field).toBe(field);
    }
    // 120 characters and 5,000 are allowed.
    const edge = { displayName: 'd'.repeat(120), description: 'e'.repeat(5_000) };
    expect((await sendAs(t, 'PUT', companyPath(company.id), owner, edge)).statusCode).toBe(200);
    await sendAs(t, 'PUT', companyPath(company.id), owner, { displayName: before?.displayName, description: '' });
    expect(await stored(company.id)).toEqual(before);
  });

  it('refuses another company’s user and a buyer (403), a visitor (401), an unknown id (404); nothing changes', async () => {
    const { company, stranger, buyer, owner } = await crew(t);
    const before = await stored(company.id);
    const body = { displayName: 'Hijacked', description: 'pwned' };
    expect((await sendAs(t, 'PUT', companyPath(company.id), stranger, body)).statusCode).toBe(403);
    expect((await sendAs(t, 'PUT', companyPath(company.id), buyer, body)).statusCode).toBe(403);
    expect((await sendAs(t, 'PUT', companyPath(company.id), undefined, body)).statusCode).toBe(401);
    expect((await sendAs(t, 'PUT', companyPath('co_unknown'), owner, body)).statusCode).toBe(404);
    expect(await stored(company.id)).toEqual(before);
  });

  it('takes an image the user uploaded as the logo, makes it public, and removes it with null', async () => {
    const { company, owner } = await crew(t);
    const key = await uploadFile(t, owner.cookie, 'logo.png', pngBytes(300));
    const res = await sendAs(t, 'PUT', companyPath(company.id), owner, {
      displayName: 'Acme',
      description: '',
      logoKey: key,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.logoUrl).toBe(`/files/${key}`);
    expect((await publicSeller(company.id)).logoUrl).toBe(`/files/${key}`);
    const [row] = await t.db.select().from(uploads).where(eq(uploads.key, key));
    expect(row).toMatchObject({ referenced: true, visibility: 'public' });
    // Anyone may read the logo now, unlike other uploads.
    expect((await get(t, `/files/${key}`)).statusCode).toBe(200);
    // Absent keeps the logo; null removes it.
    await sendAs(t, 'PUT', companyPath(company.id), owner, { displayName: 'Acme', description: 'x' });
    expect((await stored(company.id))?.logoUrl).toBe(`/files/${key}`);
    await sendAs(t, 'PUT', companyPath(company.id), owner, { displayName: 'Acme', description: 'x', logoKey: null });
    expect((await stored(company.id))?.logoUrl).toBeNull();
    // The removed logo is no longer kept nor public: the sweep takes it.
    const [removed] = await t.db.select().from(uploads).where(eq(uploads.key, key));
    expect(removed).toMatchObject({ referenced: false, visibility: 'private' });
  });

  it('a replaced logo is released for the sweep, unless another company still shows it', async () => {
    const { company, owner } = await crew(t);
    const second = await crew(t);
    const first = await uploadFile(t, owner.cookie, 'logo.png', pngBytes(300));
    const next = await uploadFile(t, owner.cookie, 'logo.png', pngBytes(300));
    const save = (companyId: string, logoKey: string) =>
      sendAs(t, 'PUT', companyPath(companyId), owner, { displayName: 'Acme', description: '', logoKey });
    expect((await save(company.id, first)).statusCode).toBe(200);
    // The same owner gives their other company the same logo.
    await t.db.insert(companyMembers).values({ companyId: second.company.id, userId: owner.id, role: 'owner' });
    expect((await save(second.company.id, first)).statusCode).toBe(200);
    const row = async (key: string) => (await t.db.select().from(uploads).where(eq(uploads.key, key)))[0];
    expect((await save(company.id, next)).statusCode).toBe(200);
    expect(await row(first)).toMatchObject({ referenced: true, visibility: 'public' });
    expect(await row(next)).toMatchObject({ referenced: true, visibility: 'public' });
    expect((await save(second.company.id, next)).statusCode).toBe(200);
    expect(await row(first)).toMatchObject({ referenced: false, visibility: 'private' });
    expect((await get(t, `/files/${first}`)).statusCode).not.toBe(200);
    // Saving the same logo again keeps it.
    expect((await save(company.id, next)).statusCode).toBe(200);
    expect(await row(next)).toMatchObject({ referenced: true, visibility: 'public' });
  });

  it('refuses a logo that is another user’s upload, not an image, or not stored (400), and changes nothing', async () => {
    const { company, owner, staff } = await crew(t);
    const before = await stored(company.id);
    const other = await signUpUser(t);
    const theirs = await uploadFile(t, other.cookie, 'logo.png', pngBytes(300));
    const pdf = await uploadFile(t, owner.cookie, 'brochure.pdf', pdfBytes());
    const mine = await uploadFile(t, owner.cookie, 'logo.png', pngBytes(300));
    const unstored = mine.replace(/[0-9a-f-]{36}\.png$/, '00000000-0000-4000-8000-000000000000.png');
    for (const [person, logoKey] of [
      [owner, theirs],
      [owner, pdf],
      [owner, unstored],
      [staff, mine],
      [owner, '../../etc/passwd'],
    ] as const) {
      const res = await sendAs(t, 'PUT', companyPath(company.id), person, {
        displayName: 'X',
        description: '',
        logoKey,
      });
      expect(res.statusCode, logoKey).toBe(400);
      expect(res.json().errors[0]).toMatchObject({ code: 'VALIDATION_FAILED', field: 'logoKey' });
    }
    expect(await stored(company.id)).toEqual(before);
    const [row] = await t.db.select().from(uploads).where(eq(uploads.key, theirs));
    expect(row).toMatchObject({ referenced: false, visibility: 'private' });
  });
});
