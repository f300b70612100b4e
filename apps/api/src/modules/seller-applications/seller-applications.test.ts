import { auditLog, users } from '@lotline/db/schema';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { send } from '../account/test-helpers';
import { get, latestMailTo, signUpUser } from '../identity/test-helpers';
import { codeOf } from '../seller-company/test-helpers';
import { APPLICATION, APPLY_PATH, applicant, apply, decisionPath, STAFF_PATH, staffMember } from './test-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('applying to sell', () => {
  it('answers 201 pending, and a second pending application of the same user 409', async () => {
    const person = await applicant(t);
    const res = await send(t, 'POST', APPLY_PATH, APPLICATION, { cookie: person.cookie });
    expect(res.statusCode).toBe(201);
    const { application } = res.json().data;
    expect(application).toMatchObject({ status: 'pending', companyName: APPLICATION.companyName });
    expect(Date.parse(application.createdAt)).not.toBeNaN();

    const again = await send(t, 'POST', APPLY_PATH, { companyName: 'Other', country: 'CA' }, { cookie: person.cookie });
    expect(again.statusCode).toBe(409);
    expect(codeOf(again)).toBe('CONFLICT');
  });

  it('refuses a visitor 401 and an account not yet activated 403 NOT_ACTIVATED', async () => {
    expect((await send(t, 'POST', APPLY_PATH, APPLICATION)).statusCode).toBe(401);
    const fresh = await signUpUser(t);
    const res = await send(t, 'POST', APPLY_PATH, APPLICATION, { cookie: fresh.cookie });
    expect(res.statusCode).toBe(403);
    expect(codeOf(res)).toBe('NOT_ACTIVATED');
  });

  it.each([
    [{ ...APPLICATION, companyName: '' }, 'companyName'],
    [{ ...APPLICATION, country: 'MX' }, 'country'],
    [{ ...APPLICATION, region: 'ON' }, 'region'],
    [{ ...APPLICATION, website: 'ftp://example.com' }, 'website'],
    [{ ...APPLICATION, website: 'javascript:alert(1)' }, 'website'],
    [{ ...APPLICATION, extra: 1 }, undefined],
  ])('refuses a bad body with 400 (%o)', async (body, field) => {
    const person = await applicant(t);
    const res = await send(t, 'POST', APPLY_PATH, body, { cookie: person.cookie });
    expect(res.statusCode).toBe(400);
    expect(codeOf(res)).toBe('VALIDATION_FAILED');
    if (field) expect(res.json().errors.map((e: { field?: string }) => e.field)).toContain(field);
    // Nothing was stored: the same person may still apply.
    expect((await send(t, 'POST', APPLY_PATH, APPLICATION, { cookie: person.cookie })).statusCode).toBe(201);
  });
});

describe('staff deciding', () => {
  it('approves: the company exists with the applicant as owner, in their seller console, mailed and audited', async () => {
    const person = await applicant(t, 'Olive Applicant');
    const id = await apply(t, person);
    const staff = await staffMember(t);

    const listed = await get(t, `${STAFF_PATH}?status=pending&pageSize=100`, staff.cookie);
    expect(listed.statusCode).toBe(200);
    const row = listed.json().data.applications.find((a: { _id: string }) => a._id === id);
    expect(row).toMatchObject({
      status: 'pending',
      country: 'US',
      region: 'TX',
      user: { id: person.id, email: person.email, name: 'Olive Applicant' },
      decidedAt: null,
    });
    expect(listed.json().data.pagination).toMatchObject({ pageNumber: 1, pageSize: 100 });

    const res = await send(t, 'POST', decisionPath(id), { decision: 'approve' }, { cookie: staff.cookie });
    expect(res.statusCode).toBe(200);
    const { application, company } = res.json().data;
    expect(application).toMatchObject({ _id: id, status: 'approved', companyId: company._id });
    expect(application.decidedAt).not.toBeNull();
    expect(company).toMatchObject({
      name: APPLICATION.companyName,
      slug: 'gulf-coast-surplus-and-co',
      status: 'active',
    });

    const mine = await get(t, '/marketplace-api/seller/companies', person.cookie);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().data.companies).toEqual([expect.objectContaining({ _id: company._id, role: 'owner' })]);

    const mail = await latestMailTo(t, person.email);
    expect(mail?.subject).toBe(`${APPLICATION.companyName} can now sell on Lotline`);
    expect(mail?.text).toContain('/seller');

    const entries = await t.db.select().from(auditLog).where(eq(auditLog.targetId, id));
    expect(entries).toEqual([
      expect.objectContaining({
        actorId: staff.id,
        action: 'seller-application.approve',
        targetType: 'seller-application',
      }),
    ]);

    // A second application with the same name gets the next free slug.
    const other = await applicant(t);
    const second = await send(
      t,
      'POST',
      decisionPath(await apply(t, other)),
      { decision: 'approve' },
      { cookie: staff.cookie },
    );
    expect(second.json().data.company.slug).toBe('gulf-coast-surplus-and-co-2');

    const twice = await send(t, 'POST', decisionPath(id), { decision: 'decline', note: 'x' }, { cookie: staff.cookie });
    expect(twice.statusCode).toBe(409);
    expect(codeOf(twice)).toBe('CONFLICT');
  });

  it('declines only with a reason, which the applicant is mailed; they may then apply again', async () => {
    const person = await applicant(t);
    const id = await apply(t, person);
    const staff = await staffMember(t);

    const bare = await send(t, 'POST', decisionPath(id), { decision: 'decline' }, { cookie: staff.cookie });
    expect(bare.statusCode).toBe(400);
    expect(bare.json().errors[0].field).toBe('note');

    const note = 'We could not verify the company registration.';
    const res = await send(t, 'POST', decisionPath(id), { decision: 'decline', note }, { cookie: staff.cookie });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ application: { status: 'declined', note }, company: null });
    expect((await latestMailTo(t, person.email))?.text).toContain(`The reason: ${note}`);
    const [user] = await t.db.select({ roles: users.roles }).from(users).where(eq(users.id, person.id));
    expect(user?.roles).not.toContain('seller');
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, id), eq(auditLog.action, 'seller-application.decline')));
    expect(audit).toHaveLength(1);

    expect((await send(t, 'POST', APPLY_PATH, APPLICATION, { cookie: person.cookie })).statusCode).toBe(201);
  });

  it('lets one of two simultaneous decisions win; the other is 409 and no second company is made', async () => {
    const person = await applicant(t);
    const id = await apply(t, person, { companyName: 'Twin Decisions Ltd', country: 'CA', region: 'ON' });
    const [first, second] = [await staffMember(t), await staffMember(t)];
    const answers = await Promise.all([
      send(t, 'POST', decisionPath(id), { decision: 'approve' }, { cookie: first.cookie }),
      send(t, 'POST', decisionPath(id), { decision: 'decline', note: 'Duplicate.' }, { cookie: second.cookie }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const mine = await get(t, '/marketplace-api/seller/companies', person.cookie);
    const won = answers.find((a) => a.statusCode === 200)?.json().data.application.status;
    expect(mine.json().data.companies).toHaveLength(won === 'approved' ? 1 : 0);
    expect(await t.db.select().from(auditLog).where(eq(auditLog.targetId, id))).toHaveLength(1);
  });
});
