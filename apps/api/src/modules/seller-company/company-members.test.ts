import { companyInvitations, mailOutbox, users } from '@lotline/db/schema';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { activate } from '../account/test-helpers';
import { latestMailTo, newEmail, ORIGIN, signUpUser } from '../identity/test-helpers';
import { hashInvitationToken } from './invitation-token';
import { crew, getAs, memberOf, membersOf, membersPath, rolesOf, sendAs } from './test-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const invitationsOf = (companyId: string) =>
  t.db.select().from(companyInvitations).where(eq(companyInvitations.companyId, companyId));
const mailCount = async () => (await t.db.select({ n: count() }).from(mailOutbox))[0]?.n;
const codeOf = (res: { json: () => { errors: { code: string }[] } }) => res.json().errors[0]?.code;
const tokenIn = (text: string) => decodeURIComponent(text.match(/\/seller\/invitations\?token=([^\s]+)/)?.[1] ?? '');

describe('GET …/members', () => {
  it('lists members, owners first, and open invitations to every member; refuses others', async () => {
    const { company, owner, staff, stranger, buyer } = await crew(t);
    const invited = newEmail();
    await sendAs(t, 'POST', membersPath(company.id), owner, { email: invited, role: 'staff' });
    const res = await getAs(t, membersPath(company.id), staff);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.members).toEqual([
      { userId: owner.id, name: 'Olive Owner', email: owner.email, role: 'owner' },
      { userId: staff.id, name: 'Stan Staff', email: staff.email, role: 'staff' },
    ]);
    expect(res.json().data.invitations).toEqual([
      { _id: expect.any(String), email: invited, role: 'staff', expiresAt: expect.any(String) },
    ]);
    expect((await getAs(t, membersPath(company.id), stranger)).statusCode).toBe(403);
    expect((await getAs(t, membersPath(company.id), buyer)).statusCode).toBe(403);
    expect((await getAs(t, membersPath(company.id))).statusCode).toBe(401);
    expect((await getAs(t, membersPath('co_unknown'), owner)).statusCode).toBe(404);
  });
});

describe('POST …/members', () => {
  it('adds an activated account at once, makes them a seller user and e-mails them; again is 409 ALREADY_MEMBER', async () => {
    const { company, owner } = await crew(t);
    const person = await signUpUser(t, { name: 'Nia New' });
    await activate(t, person.email);
    const res = await sendAs(t, 'POST', membersPath(company.id), owner, {
      email: person.email.toUpperCase(),
      role: 'staff',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toEqual({
      outcome: 'added',
      member: { userId: person.id, name: 'Nia New', email: person.email, role: 'staff' },
    });
    expect(await rolesOf(t, person.id)).toEqual(['seller']);
    const mail = await latestMailTo(t, person.email);
    expect(mail?.subject).toBe('You were added to Acme Liquidators on Lotline');
    expect(mail?.text).toContain('Olive Owner added you to Acme Liquidators as a staff member.');
    expect(mail?.text).toContain(`${ORIGIN}/seller`);
    expect((await getAs(t, '/marketplace-api/seller/companies', person)).json().data.companies[0]._id).toBe(company.id);

    const again = await sendAs(t, 'POST', membersPath(company.id), owner, { email: person.email, role: 'owner' });
    expect(again.statusCode).toBe(409);
    expect(codeOf(again)).toBe('ALREADY_MEMBER');
    expect((await membersOf(t, company.id)).find((m) => m.userId === person.id)?.role).toBe('staff');
  });

  it('invites an account not activated yet instead of adding it: sign-up does not prove the address', async () => {
    const { company, owner } = await crew(t);
    const person = await signUpUser(t, { name: 'Una Unproven' });
    const res = await sendAs(t, 'POST', membersPath(company.id), owner, { email: person.email, role: 'owner' });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ outcome: 'invited', invitation: { email: person.email, role: 'owner' } });
    expect((await membersOf(t, company.id)).map((m) => m.userId)).not.toContain(person.id);
    expect(await rolesOf(t, person.id)).toEqual([]);
    expect((await latestMailTo(t, person.email))?.subject).toBe('Join Acme Liquidators on Lotline');
  });

  it('invites an unknown address with a token link (only its hash stored, 14 days); a new invite replaces it', async () => {
    const { company, owner } = await crew(t);
    const email = newEmail();
    const res = await sendAs(t, 'POST', membersPath(company.id), owner, { email, role: 'owner' });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ outcome: 'invited', invitation: { email, role: 'owner' } });
    const mail = await latestMailTo(t, email);
    expect(mail?.subject).toBe('Join Acme Liquidators on Lotline');
    expect(mail?.text).toContain('Olive Owner invited you to join Acme Liquidators on Lotline as an owner.');
    // Joining takes an activated account: the mail says so before the person meets the refusal.
    expect(mail?.text).toContain('A new account must be activated first');
    const token = tokenIn(mail?.text ?? '');
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [row] = await invitationsOf(company.id);
    expect(row?.tokenHash).toBe(hashInvitationToken(token));
    expect(JSON.stringify(row)).not.toContain(token);
    const days = ((row?.expiresAt.getTime() ?? 0) - (row?.createdAt.getTime() ?? 0)) / 86_400_000;
    expect(days).toBeCloseTo(14, 3);

    await sendAs(t, 'POST', membersPath(company.id), owner, { email, role: 'staff' });
    const rows = await invitationsOf(company.id);
    expect(rows.filter((r) => r.revokedAt === null).map((r) => r.role)).toEqual(['staff']);
    expect(rows).toHaveLength(2);
  });

  it('is for owners only: staff, another company and a buyer get 403, a visitor 401, unknown 404; nothing changes', async () => {
    const { company, staff, stranger, buyer, owner } = await crew(t);
    const mailsBefore = await mailCount();
    const body = { email: newEmail(), role: 'owner' };
    for (const person of [staff, stranger, buyer]) {
      expect((await sendAs(t, 'POST', membersPath(company.id), person, body)).statusCode).toBe(403);
    }
    expect((await sendAs(t, 'POST', membersPath(company.id), undefined, body)).statusCode).toBe(401);
    expect((await sendAs(t, 'POST', membersPath('co_unknown'), owner, body)).statusCode).toBe(404);
    expect(await invitationsOf(company.id)).toEqual([]);
    expect(await membersOf(t, company.id)).toHaveLength(2);
    expect(await mailCount()).toBe(mailsBefore);
  });

  it('refuses a bad e-mail or role with 400 and changes nothing', async () => {
    const { company, owner } = await crew(t);
    for (const body of [
      { email: 'not-an-address', role: 'staff' },
      { email: newEmail(), role: 'admin' },
      { email: newEmail() },
      { email: newEmail(), role: 'staff', extra: 1 },
    ]) {
      const res = await sendAs(t, 'POST', membersPath(company.id), owner, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(codeOf(res)).toBe('VALIDATION_FAILED');
    }
    expect(await invitationsOf(company.id)).toEqual([]);
  });
});

describe('DELETE …/members/{userId}', () => {
  it('removes a member: the account stays, the company and (with no company left) the seller role go', async () => {
    const { company, owner, staff } = await crew(t);
    const twoCompanies = await memberOf(t, company.id, 'staff', 'Tess Two');
    await activate(t, twoCompanies.email);
    const elsewhere = await t.make.company();
    await sendAs(t, 'POST', membersPath(elsewhere.id), await memberOf(t, elsewhere.id, 'owner'), {
      email: twoCompanies.email,
      role: 'staff',
    });
    expect((await sendAs(t, 'DELETE', `${membersPath(company.id)}/${staff.id}`, owner)).json().data).toEqual({
      removed: true,
    });
    expect((await sendAs(t, 'DELETE', `${membersPath(company.id)}/${twoCompanies.id}`, owner)).statusCode).toBe(200);
    expect((await membersOf(t, company.id)).map((m) => m.userId)).toEqual([owner.id]);
    expect(await rolesOf(t, staff.id)).toEqual([]);
    expect(await rolesOf(t, twoCompanies.id)).toEqual(['seller']);
    expect((await t.db.select().from(users).where(eq(users.id, staff.id))).length).toBe(1);
    expect((await getAs(t, '/marketplace-api/seller/companies', staff)).statusCode).toBe(403);
    expect((await getAs(t, membersPath(company.id), staff)).statusCode).toBe(403);
  });

  it('refuses to remove the last owner (409 LAST_OWNER); an owner may leave while another remains', async () => {
    const { company, owner, staff } = await crew(t);
    const res = await sendAs(t, 'DELETE', `${membersPath(company.id)}/${owner.id}`, owner);
    expect(res.statusCode).toBe(409);
    expect(codeOf(res)).toBe('LAST_OWNER');
    expect(await membersOf(t, company.id)).toHaveLength(2);
    const second = await memberOf(t, company.id, 'owner', 'Sue Second');
    expect((await sendAs(t, 'DELETE', `${membersPath(company.id)}/${owner.id}`, owner)).statusCode).toBe(200);
    const left = (await membersOf(t, company.id)).map((m) => m.userId).sort();
    expect(left).toEqual([second.id, staff.id].sort());
  });

  it('is for owners only; an unknown member is 404; nothing changes on a refusal', async () => {
    const { company, owner, staff, stranger, buyer } = await crew(t);
    const target = `${membersPath(company.id)}/${owner.id}`;
    for (const person of [staff, stranger, buyer]) {
      expect((await sendAs(t, 'DELETE', target, person)).statusCode).toBe(403);
    }
    expect((await sendAs(t, 'DELETE', target)).statusCode).toBe(401);
    expect((await sendAs(t, 'DELETE', `${membersPath(company.id)}/${buyer.id}`, owner)).statusCode).toBe(404);
    expect((await sendAs(t, 'DELETE', `${membersPath('co_unknown')}/${staff.id}`, owner)).statusCode).toBe(404);
    expect(await membersOf(t, company.id)).toHaveLength(2);
    expect(await rolesOf(t, staff.id)).toEqual(['seller']);
  });
});
