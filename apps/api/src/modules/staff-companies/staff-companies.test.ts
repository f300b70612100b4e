import { errorEnvelope } from '@lotline/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { get } from '../identity/test-helpers';
import type { Person } from '../registrations/test-helpers';
import { activatedUser, memberOf } from '../seller-company/test-helpers';
import { signUpStaff } from '../tax-exemptions/test-helpers';
import { companyRecord, patchCompany, STAFF_COMPANIES } from './test-helpers';

/** Staff company administration (contract §6, decision 0076): the commission, the list, who may. */

let t: TestApp;
let staff: Person;
beforeAll(async () => {
  t = await createTestApp();
  staff = (await signUpStaff(t)) as Person;
});
afterAll(() => t.close());

const codeOf = (res: { json(): unknown }) => errorEnvelope.parse(res.json()).errors[0]?.code;

describe('the commission override', () => {
  it('is set and cleared, each change audited with before and after', async () => {
    const company = await t.make.company();
    const set = await patchCompany(t, staff.cookie, company.id, { commissionBps: 1250 });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().data.company).toEqual({
      _id: company.id,
      name: company.name,
      slug: company.slug,
      status: 'active',
      commissionBps: 1250,
    });
    const cleared = await patchCompany(t, staff.cookie, company.id, { commissionBps: null });
    expect(cleared.json().data.company.commissionBps).toBeNull();
    const same = await patchCompany(t, staff.cookie, company.id, { commissionBps: null });
    expect(same.statusCode).toBe(200);
    expect(await companyRecord(t, company.id)).toEqual({
      company: { status: 'active', commissionBps: null },
      audit: [
        {
          action: 'company.commission',
          actorId: staff.id,
          before: { commissionBps: null },
          after: { commissionBps: 1250 },
        },
        {
          action: 'company.commission',
          actorId: staff.id,
          before: { commissionBps: 1250 },
          after: { commissionBps: null },
        },
      ],
    });
  });

  it('refuses what is not a whole number from 0 to 10000 (400), and changes nothing', async () => {
    const company = await t.make.company();
    await patchCompany(t, staff.cookie, company.id, { commissionBps: 500 });
    const before = await companyRecord(t, company.id);
    for (const body of [
      { commissionBps: -1 },
      { commissionBps: 10_001 },
      { commissionBps: 12.5 },
      { commissionBps: '500' },
      {},
      { status: 'closed' },
    ]) {
      const res = await patchCompany(t, staff.cookie, company.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(codeOf(res)).toBe('VALIDATION_FAILED');
    }
    expect(await companyRecord(t, company.id)).toEqual(before);
    expect((await patchCompany(t, staff.cookie, company.id, { commissionBps: 10_000 })).statusCode).toBe(200);
    expect((await companyRecord(t, company.id)).audit).toHaveLength(before.audit.length + 1);
    expect((await patchCompany(t, staff.cookie, 'cmp_nope', { commissionBps: 0 })).statusCode).toBe(404);
  });
});

describe('the company list', () => {
  it('finds companies by part of the name or slug and by status', async () => {
    const a = await t.make.company({ name: 'Zephyr Tooling Works' });
    const b = await t.make.company({ name: 'Zephyr Forklift Depot' });
    await patchCompany(t, staff.cookie, b.id, { status: 'suspended' });
    const all = await get(t, `${STAFF_COMPANIES}?q=zephyr`, staff.cookie);
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json().data.companies.map((c: { _id: string }) => c._id)).toEqual([b.id, a.id]);
    expect(all.json().data.pagination).toMatchObject({ totalItems: 2, pageNumber: 1 });
    const suspended = await get(t, `${STAFF_COMPANIES}?q=ZEPHYR&status=suspended`, staff.cookie);
    expect(suspended.json().data.companies).toEqual([
      { _id: b.id, name: b.name, slug: b.slug, status: 'suspended', commissionBps: null, payoutAccount: null },
    ]);
    expect((await get(t, `${STAFF_COMPANIES}?status=closed`, staff.cookie)).statusCode).toBe(400);
  });
});

describe('the staff company routes', () => {
  it('answer a visitor 401 and a buyer or a seller 403, and change nothing', async () => {
    const company = await t.make.company();
    const buyer = await activatedUser(t, undefined, 'Bea Buyer');
    const seller = await memberOf(t, company.id, 'owner');
    const before = await companyRecord(t, company.id);
    const visitorList = await get(t, STAFF_COMPANIES);
    expect([visitorList.statusCode, codeOf(visitorList)]).toEqual([401, 'UNAUTHENTICATED']);
    const visitorPatch = await patchCompany(t, undefined, company.id, { status: 'suspended' });
    expect([visitorPatch.statusCode, codeOf(visitorPatch)]).toEqual([401, 'UNAUTHENTICATED']);
    for (const user of [buyer, seller]) {
      const list = await get(t, STAFF_COMPANIES, user.cookie);
      expect([list.statusCode, codeOf(list)]).toEqual([403, 'FORBIDDEN']);
      const patch = await patchCompany(t, user.cookie, company.id, { status: 'suspended', commissionBps: 0 });
      expect([patch.statusCode, codeOf(patch)]).toEqual([403, 'FORBIDDEN']);
    }
    expect(await companyRecord(t, company.id)).toEqual(before);
  });
});
