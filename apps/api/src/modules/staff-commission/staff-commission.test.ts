import { errorEnvelope } from '@lotline/contracts';
import { auditLog, marketplaceSettings } from '@lotline/db/schema';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { get, signUpUser } from '../identity/test-helpers';
import { sellerOf } from '../messaging/test-helpers';
import type { Person } from '../registrations/test-helpers';
import { signUpStaff } from '../tax-exemptions/test-helpers';
import { putCommission, STAFF_COMMISSION } from './test-helpers';

/** The marketplace's default commission (decision 0078): staff read and set it, audited; nobody else. */

let t: TestApp;
let staff: Person;
beforeAll(async () => {
  t = await createTestApp();
  staff = (await signUpStaff(t)) as Person;
});
afterAll(() => t.close());

const codeOf = (res: { json(): unknown }) => errorEnvelope.parse(res.json()).errors[0]?.code;
const stored = async () => ({
  settings: await t.db.select({ bps: marketplaceSettings.commissionBps }).from(marketplaceSettings),
  audit: await t.db
    .select({ actorId: auditLog.actorId, before: auditLog.before, after: auditLog.after })
    .from(auditLog)
    .where(eq(auditLog.action, 'marketplace.commission'))
    .orderBy(asc(auditLog.at), asc(auditLog.id)),
});

describe('the default commission', () => {
  it("reads the code's default until staff set one, then the stored rate; each change audited once", async () => {
    const first = await get(t, STAFF_COMMISSION, staff.cookie);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data.commission).toEqual({ commissionBps: 1000, stored: false, updatedAt: null });

    const set = await putCommission(t, staff.cookie, { commissionBps: 850 });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().data.commission).toMatchObject({ commissionBps: 850, stored: true });
    expect((await putCommission(t, staff.cookie, { commissionBps: 850 })).statusCode).toBe(200);
    expect((await putCommission(t, staff.cookie, { commissionBps: 0 })).statusCode).toBe(200);
    expect((await get(t, STAFF_COMMISSION, staff.cookie)).json().data.commission.commissionBps).toBe(0);
    expect(await stored()).toEqual({
      settings: [{ bps: 0 }],
      audit: [
        { actorId: staff.id, before: { commissionBps: null }, after: { commissionBps: 850 } },
        { actorId: staff.id, before: { commissionBps: 850 }, after: { commissionBps: 0 } },
      ],
    });
  });

  it('refuses what is not a rate with a clear 400, changing nothing', async () => {
    const before = await stored();
    for (const body of [
      { commissionBps: -1 },
      { commissionBps: 10_001 },
      { commissionBps: 12.5 },
      { commissionBps: '1000' },
      { commissionBps: null },
      {},
      { commissionBps: 1000, extra: true },
      'not json',
    ]) {
      const res = await putCommission(t, staff.cookie, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorEnvelope.parse(res.json()).errors[0]?.message).toBeTruthy();
    }
    const below = await putCommission(t, staff.cookie, { commissionBps: -1 });
    expect(below.json().errors[0].message).toBe('The commission cannot be below 0.');
    expect(await stored()).toEqual(before);
  });

  it('answers a visitor 401 and a seller or buyer 403, changing nothing', async () => {
    const before = await stored();
    const seller = await sellerOf(t, (await t.make.company()).id);
    const buyer = await signUpUser(t, { name: 'Bea Buyer' });
    expect((await get(t, STAFF_COMMISSION)).statusCode).toBe(401);
    expect((await putCommission(t, undefined, { commissionBps: 500 })).statusCode).toBe(401);
    for (const who of [seller, buyer]) {
      expect(codeOf(await get(t, STAFF_COMMISSION, who.cookie))).toBe('FORBIDDEN');
      const res = await putCommission(t, who.cookie, { commissionBps: 500 });
      expect([res.statusCode, codeOf(res)]).toEqual([403, 'FORBIDDEN']);
    }
    expect(await stored()).toEqual(before);
  });
});
