import { users } from '@lotline/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { send } from '../account/test-helpers';
import { get, latestMailTo } from '../identity/test-helpers';
import { codeOf, memberOf } from '../seller-company/test-helpers';
import { applicant, apply, decisionPath, STAFF_PATH, snapshot, staffMember } from './test-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the staff routes of seller applications', () => {
  it('answer a visitor 401 and a buyer or a seller 403, and change nothing', async () => {
    const person = await applicant(t);
    const id = await apply(t, person);
    const buyer = await applicant(t, 'Bea Buyer');
    const seller = await memberOf(t, (await t.make.company()).id, 'owner');
    const before = await snapshot(t, id);

    const visitorList = await get(t, STAFF_PATH);
    expect(visitorList.statusCode).toBe(401);
    expect(codeOf(visitorList)).toBe('UNAUTHENTICATED');
    const visitorDecision = await send(t, 'POST', decisionPath(id), { decision: 'approve' });
    expect(visitorDecision.statusCode).toBe(401);
    for (const user of [buyer, seller]) {
      const list = await get(t, STAFF_PATH, user.cookie);
      expect(list.statusCode).toBe(403);
      expect(codeOf(list)).toBe('FORBIDDEN');
      const decided = await send(t, 'POST', decisionPath(id), { decision: 'approve' }, { cookie: user.cookie });
      expect(decided.statusCode).toBe(403);
      expect(codeOf(decided)).toBe('FORBIDDEN');
    }
    expect(await snapshot(t, id)).toEqual(before);
  });

  it('refuse staff deciding their own application with 403 OWN_RECORD, and an unknown id with 404', async () => {
    const staff = await staffMember(t);
    await t.db.update(users).set({ emailVerified: true }).where(eq(users.id, staff.id));
    const id = await apply(t, staff);
    const before = await snapshot(t, id);
    const res = await send(t, 'POST', decisionPath(id), { decision: 'approve' }, { cookie: staff.cookie });
    expect(res.statusCode).toBe(403);
    expect(codeOf(res)).toBe('OWN_RECORD');
    expect(await snapshot(t, id)).toEqual(before);
    expect((await latestMailTo(t, staff.email))?.subject ?? '').not.toContain('can now sell');

    const missing = await send(t, 'POST', decisionPath('sap_nope'), { decision: 'approve' }, { cookie: staff.cookie });
    expect(missing.statusCode).toBe(404);
  });
});
