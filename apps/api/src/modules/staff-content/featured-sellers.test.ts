import { companiesResponse, successEnvelope } from '@lotline/contracts';
import { cmsSections, companies } from '@lotline/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { get, signUpUser } from '../identity/test-helpers';
import { signUpStaff } from '../tax-exemptions/test-helpers';
import { auditOf, codeOf, messageOf, STAFF, send } from './test-helpers';

/** Staff choose the featured sellers and their order (decision 0084); the home page's read follows at once. */

let t: TestApp;
let staff: { id: string; cookie: string };
const URL = `${STAFF}/featured-sellers`;
const HOME = '/marketplace/api/companies/featured';

beforeAll(async () => {
  t = await createTestApp();
  staff = await signUpStaff(t);
});
afterAll(() => t.close());

const homeIds = async () => {
  const res = await get(t, HOME);
  expect(res.statusCode, res.body).toBe(200);
  return successEnvelope(companiesResponse)
    .parse(res.json())
    .data.companies.map((c) => c._id);
};
const sixCompanies = async () => Promise.all(Array.from({ length: 6 }, () => t.make.company()));
const put = (companyIds: unknown, cookie = staff.cookie) => send(t, 'PUT', URL, cookie, { companyIds });

describe('the featured sellers', () => {
  it('are set in order, shown by the home read at once, and audited with the lists before and after', async () => {
    const first = (await sixCompanies()).map((c) => c.id);
    const saved = await put(first);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await homeIds()).toEqual(first);

    const extra = await t.make.company();
    const replaced = [extra.id, ...first.slice(1).reverse()];
    expect((await put(replaced)).statusCode).toBe(200);
    expect(await homeIds()).toEqual(replaced);
    const read = await get(t, URL, staff.cookie);
    expect(read.json().data.companies.map((c: { _id: string }) => c._id)).toEqual(replaced);

    const [section] = await t.db
      .select({ id: cmsSections.id })
      .from(cmsSections)
      .where(eq(cmsSections.type, 'featured-sellers'));
    const audit = await auditOf(t, section?.id as string);
    expect(audit.slice(-2)).toEqual([
      expect.objectContaining({ action: 'content.featured-sellers', actorId: staff.id, after: { companyIds: first } }),
      {
        action: 'content.featured-sellers',
        actorId: staff.id,
        before: { companyIds: first },
        after: { companyIds: replaced },
      },
    ]);
    // The same list again records nothing.
    expect((await put(replaced)).statusCode).toBe(200);
    expect(await auditOf(t, section?.id as string)).toHaveLength(audit.length);
  });

  it('stop showing a company once it is suspended, and refuse to feature a suspended one', async () => {
    const ids = (await sixCompanies()).map((c) => c.id);
    expect((await put(ids)).statusCode).toBe(200);
    await t.db
      .update(companies)
      .set({ status: 'suspended' })
      .where(eq(companies.id, ids[2] as string));
    expect(await homeIds()).toEqual(ids.filter((_, i) => i !== 2));
    // Staff still see it, marked, to replace it.
    const read = await get(t, URL, staff.cookie);
    expect(read.json().data.companies[2]).toMatchObject({ _id: ids[2], status: 'suspended' });

    const refused = await put(ids);
    expect(refused.statusCode).toBe(400);
    expect(messageOf(refused)).toMatch(/suspended company cannot be featured/);
  });

  it.each([
    ['five companies', (ids: string[]) => ids.slice(0, 5), /exactly 6/],
    ['seven companies', (ids: string[]) => [...ids, 'cmp_x'], /exactly 6/],
    ['a company twice', (ids: string[]) => [...ids.slice(0, 5), ids[0]], /only once/],
    ['an unknown company', (ids: string[]) => [...ids.slice(0, 5), 'cmp_missing'], /No such company/],
    ['not a list', () => 'cmp_a', /companyIds/],
  ])('refuse %s (400) and change nothing', async (_name, body, message) => {
    const ids = (await sixCompanies()).map((c) => c.id);
    expect((await put(ids)).statusCode).toBe(200);
    const res = await put(body(ids));
    expect(res.statusCode, res.body).toBe(400);
    expect(codeOf(res)).toBe('VALIDATION_FAILED');
    expect(messageOf(res)).toMatch(message);
    expect(await homeIds()).toEqual(ids);
  });

  it('answer a visitor 401 and a buyer 403, changing nothing', async () => {
    const ids = (await sixCompanies()).map((c) => c.id);
    expect((await put(ids)).statusCode).toBe(200);
    const other = (await sixCompanies()).map((c) => c.id);
    const buyer = await signUpUser(t);
    expect((await put(other, '')).statusCode).toBe(401);
    expect((await put(other, buyer.cookie)).statusCode).toBe(403);
    expect((await get(t, URL)).statusCode).toBe(401);
    expect((await get(t, URL, buyer.cookie)).statusCode).toBe(403);
    expect(await homeIds()).toEqual(ids);
  });
});
