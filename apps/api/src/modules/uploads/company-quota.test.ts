import { errorEnvelope } from '@lotline/contracts';
import { uploads } from '@lotline/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, url } from '../../test/app';
import { get, signUpUser } from '../identity/test-helpers';
import { sellerOf } from '../messaging/test-helpers';

/**
 * A company's listing uploads are charged to the company (decision 0085), not to the seller's
 * own allowance; the seller's own uploads stay on it; only the company's sellers may charge it.
 */

const QUOTA = { dailyBytes: 1000, totalBytes: 1500, company: { dailyBytes: 5000, totalBytes: 8000 } };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { uploadQuota: QUOTA } });
});
afterAll(() => t.close());

const firstError = (res: { json(): unknown }) => errorEnvelope.parse(res.json()).errors[0];

const askPolicy = (cookie: string, size: number, companyId?: string) =>
  get(
    t,
    url('/ars/api/file-upload', {
      filename: 'p.png',
      size: String(size),
      application: 'marketplace',
      ...(companyId === undefined ? {} : { companyId }),
    }),
    cookie,
  );

const rowsOf = (userId: string) =>
  t.db.select({ size: uploads.size, companyId: uploads.companyId }).from(uploads).where(eq(uploads.userId, userId));

describe('the company upload quota', () => {
  it("charges a listing upload to the company, past the seller's own daily allowance", async () => {
    const company = await t.make.company();
    const seller = await sellerOf(t, company.id);
    for (let i = 0; i < 4; i++) expect((await askPolicy(seller.cookie, 900, company.id)).statusCode).toBe(200);
    // The seller's own allowance is untouched by the company's 3,600 bytes.
    expect((await askPolicy(seller.cookie, 900)).statusCode).toBe(200);
    const rows = await rowsOf(seller.id);
    expect(rows.filter((r) => r.companyId === company.id)).toHaveLength(4);
    expect(rows.filter((r) => r.companyId === null).map((r) => r.size)).toEqual([900]);
  });

  it("refuses past the company's daily limit with 413 naming the company's quota, and records nothing", async () => {
    const company = await t.make.company();
    const seller = await sellerOf(t, company.id);
    const colleague = await sellerOf(t, company.id, 'Cole League');
    expect((await askPolicy(seller.cookie, 3000, company.id)).statusCode).toBe(200);
    // The colleague spends the same company's quota.
    const res = await askPolicy(colleague.cookie, 2500, company.id);
    expect(res.statusCode).toBe(413);
    expect(firstError(res)).toMatchObject({
      code: 'UPLOAD_QUOTA_EXCEEDED',
      field: 'size',
      message: expect.stringMatching(/the company's daily upload limit of 5000 bytes \(3000 bytes uploaded/),
    });
    expect(await rowsOf(colleague.id)).toEqual([]);
    expect((await askPolicy(colleague.cookie, 2000, company.id)).statusCode).toBe(200);
    // The colleague's own allowance is still whole.
    expect((await askPolicy(colleague.cookie, 1000)).statusCode).toBe(200);
  });

  it("keeps a seller's own uploads on the seller's allowance (a buyer's limit, named as theirs)", async () => {
    const company = await t.make.company();
    const seller = await sellerOf(t, company.id);
    expect((await askPolicy(seller.cookie, 800)).statusCode).toBe(200);
    const res = await askPolicy(seller.cookie, 300);
    expect(res.statusCode).toBe(413);
    expect(firstError(res)?.message).toMatch(/your daily upload limit of 1000 bytes/);
  });

  it('refuses to charge a company the user does not answer for (403), and records nothing', async () => {
    const company = await t.make.company();
    const other = await sellerOf(t, (await t.make.company()).id, 'Otto Other');
    const buyer = await signUpUser(t);
    for (const who of [other, buyer]) {
      const res = await askPolicy(who.cookie, 100, company.id);
      expect(res.statusCode).toBe(403);
      expect(firstError(res)).toMatchObject({ code: 'FORBIDDEN', field: 'companyId' });
      expect(await rowsOf(who.id)).toEqual([]);
    }
  });

  it('refuses an empty company id with 400 and a clear message', async () => {
    const company = await t.make.company();
    const seller = await sellerOf(t, company.id);
    const res = await askPolicy(seller.cookie, 100, ' ');
    expect(res.statusCode).toBe(400);
    expect(firstError(res)?.message).toMatch(/company id cannot be empty/);
    expect(await rowsOf(seller.id)).toEqual([]);
  });
});
