import { companyInvitations, companyMembers, mailOutbox } from '@lotline/db/schema';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { latestMailTo, newEmail, ORIGIN, signUpUser } from '../identity/test-helpers';
import { hashInvitationToken } from './invitation-token';
import {
  ACCEPT_PATH,
  activatedUser,
  codeOf,
  crew,
  getAs,
  invitationsPath,
  invitationTokenMailedTo,
  membersOf,
  membersPath,
  rolesOf,
  sendAs,
} from './test-helpers';

/** POST …/invitations (decision 0068): nobody joins without accepting, and the answer tells nothing about the address. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const invitationsOf = (companyId: string) =>
  t.db.select().from(companyInvitations).where(eq(companyInvitations.companyId, companyId));
const mailCount = async () => (await t.db.select({ n: count() }).from(mailOutbox))[0]?.n;

/** The body with what differs by nature (the address, the new id, the instant) replaced by placeholders. */
function normalized(res: { body: string; json: () => { data: { invitation: Record<string, string> } } }) {
  const { email, _id, expiresAt } = res.json().data.invitation;
  return res.body.replace(String(email), '<email>').replace(String(_id), '<id>').replace(String(expiresAt), '<at>');
}

describe('POST …/invitations', () => {
  it('answers alike for an activated account, an account not activated and an unknown address; nobody joins', async () => {
    const { company, owner } = await crew(t);
    const account = await activatedUser(t, undefined, 'Nia Namedperson');
    const unproven = await signUpUser(t, { name: 'Una Unproven' });
    const unknown = newEmail();
    const answers = [];
    for (const email of [account.email.toUpperCase(), unproven.email, unknown]) {
      answers.push(await sendAs(t, 'POST', invitationsPath(company.id), owner, { email, role: 'staff' }));
    }
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201]);
    expect(answers.map(normalized)).toEqual(
      Array(3).fill(
        '{"status":"success","data":{"invitation":{"_id":"<id>","email":"<email>","role":"staff","expiresAt":"<at>"}}}',
      ),
    );
    expect(answers[0]?.json().data.invitation.email).toBe(account.email);
    expect(answers.map((a) => a.body).join()).not.toContain('Namedperson');

    // Invited, not added: the members and roles are as before.
    expect(await membersOf(t, company.id)).toHaveLength(2);
    expect(await rolesOf(t, account.id)).toEqual([]);
    expect((await getAs(t, membersPath(company.id), owner)).json().data.invitations).toHaveLength(3);

    // The account holder is asked to accept or decline; the unknown address to sign up, then comes back.
    const toAccount = await latestMailTo(t, account.email);
    expect(toAccount?.subject).toBe('Join Acme Liquidators on Lotline');
    expect(toAccount?.text).toContain('Hello Nia Namedperson,');
    expect(toAccount?.text).toContain('Olive Owner invited you to join Acme Liquidators on Lotline as a staff member.');
    expect(toAccount?.text).toContain(`Accept or decline the invitation: ${ORIGIN}/seller/invitations?token=`);
    expect((await latestMailTo(t, unproven.email))?.text).toContain('Your account must be activated first');
    const toUnknown = await latestMailTo(t, unknown);
    const token = await invitationTokenMailedTo(t, unknown);
    expect(toUnknown?.text).toContain(
      `Create your account: ${ORIGIN}/signup?next=${encodeURIComponent(`/seller/invitations?token=${token}`)}`,
    );
  });

  it('lets an invited account join only by accepting, with the invited role', async () => {
    const { company, owner } = await crew(t);
    const person = await activatedUser(t);
    await sendAs(t, 'POST', invitationsPath(company.id), owner, { email: person.email, role: 'owner' });
    expect((await getAs(t, `/marketplace-api/seller/companies/${company.id}`, person)).statusCode).toBe(403);
    const token = await invitationTokenMailedTo(t, person.email);
    const res = await sendAs(t, 'POST', ACCEPT_PATH, person, { token });
    expect(res.statusCode).toBe(200);
    expect((await membersOf(t, company.id)).find((m) => m.userId === person.id)?.role).toBe('owner');
    expect(await rolesOf(t, person.id)).toEqual(['seller']);
  });

  it('stores only the token hash, expires in 7 days; a new invitation replaces the pending one', async () => {
    const { company, owner } = await crew(t);
    const email = newEmail();
    await sendAs(t, 'POST', invitationsPath(company.id), owner, { email, role: 'owner' });
    const oldToken = await invitationTokenMailedTo(t, email);
    expect(oldToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [row] = await invitationsOf(company.id);
    expect(row?.tokenHash).toBe(hashInvitationToken(oldToken));
    expect(JSON.stringify(row)).not.toContain(oldToken);
    const days = ((row?.expiresAt.getTime() ?? 0) - (row?.createdAt.getTime() ?? 0)) / 86_400_000;
    expect(days).toBeCloseTo(7, 3);

    await sendAs(t, 'POST', invitationsPath(company.id), owner, { email, role: 'staff' });
    const rows = await invitationsOf(company.id);
    expect(rows.filter((r) => r.revokedAt === null).map((r) => r.role)).toEqual(['staff']);
    expect(rows).toHaveLength(2);
    const person = await activatedUser(t, email);
    const stale = await sendAs(t, 'POST', ACCEPT_PATH, person, { token: oldToken });
    expect(stale.statusCode).toBe(410);
    expect(codeOf(stale)).toBe('INVITATION_GONE');
  });

  it("refuses a member's address (409 ALREADY_MEMBER, any case) and changes nothing", async () => {
    const { company, owner, staff } = await crew(t);
    const mailsBefore = await mailCount();
    const res = await sendAs(t, 'POST', invitationsPath(company.id), owner, {
      email: staff.email.toUpperCase(),
      role: 'owner',
    });
    expect(res.statusCode).toBe(409);
    expect(codeOf(res)).toBe('ALREADY_MEMBER');
    expect(await invitationsOf(company.id)).toEqual([]);
    expect((await membersOf(t, company.id)).find((m) => m.userId === staff.id)?.role).toBe('staff');
    expect(await mailCount()).toBe(mailsBefore);
  });

  it('is for owners only: staff, another company and a buyer 403, a visitor 401, unknown 404; nothing changes', async () => {
    const { company, staff, stranger, buyer, owner } = await crew(t);
    const mailsBefore = await mailCount();
    const body = { email: newEmail(), role: 'owner' };
    for (const person of [staff, stranger, buyer]) {
      const res = await sendAs(t, 'POST', invitationsPath(company.id), person, body);
      expect(res.statusCode).toBe(403);
      expect(codeOf(res)).toBe('FORBIDDEN');
    }
    expect((await sendAs(t, 'POST', invitationsPath(company.id), undefined, body)).statusCode).toBe(401);
    expect((await sendAs(t, 'POST', invitationsPath('co_unknown'), owner, body)).statusCode).toBe(404);
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
      const res = await sendAs(t, 'POST', invitationsPath(company.id), owner, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(codeOf(res)).toBe('VALIDATION_FAILED');
    }
    expect(await invitationsOf(company.id)).toEqual([]);
  });

  it('has no direct add any more: POST …/members is not a route, and adds nobody', async () => {
    const { company, owner } = await crew(t);
    const person = await activatedUser(t);
    const res = await sendAs(t, 'POST', membersPath(company.id), owner, { email: person.email, role: 'staff' });
    expect(res.statusCode).toBe(404);
    const rows = await t.db.select().from(companyMembers).where(eq(companyMembers.userId, person.id));
    expect(rows).toEqual([]);
  });
});
