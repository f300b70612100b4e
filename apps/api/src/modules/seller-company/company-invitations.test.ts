import { Writable } from 'node:stream';
import { companyInvitations, users } from '@lotline/db/schema';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../lib/logger';
import { createTestApp, type TestApp } from '../../test/app';
import { activate } from '../account/test-helpers';
import { latestMailTo, newEmail, ORIGIN, signUpUser } from '../identity/test-helpers';
import {
  ACCEPT_PATH,
  activatedUser as activated,
  codeOf,
  crew,
  getAs,
  invitationPath,
  invitationsPath,
  invitationTokenMailedTo,
  membersOf,
  membersPath,
  rolesOf,
  sendAs,
} from './test-helpers';

// The request log, to check that no invitation token reaches it.
const logLines: string[] = [];
const sink = new Writable({
  write(chunk, _enc, done) {
    logLines.push(String(chunk));
    done();
  },
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ logger: createLogger('info', sink) });
});
afterAll(() => t.close());

const acceptPath = ACCEPT_PATH;
const accept = (token: string, person?: { cookie: string }) => sendAs(t, 'POST', acceptPath, person, { token });

/** A company whose owner invited a fresh address; the token comes from the e-mail. */
async function invited(role: 'owner' | 'staff' = 'staff') {
  const scene = await crew(t);
  const email = newEmail();
  const res = await sendAs(t, 'POST', invitationsPath(scene.company.id), scene.owner, { email, role });
  const token = await invitationTokenMailedTo(t, email);
  return { ...scene, email, token, invitationId: res.json().data.invitation._id as string };
}

const activatedUser = (email: string) => activated(t, email);

describe('accepting an invitation', () => {
  it('shows the invitation to the invited address, then adds the membership with its role; used is 410', async () => {
    const { company, email, token } = await invited('owner');
    const person = await activatedUser(email);
    const shown = await getAs(t, invitationPath(token), person);
    expect(shown.statusCode).toBe(200);
    expect(shown.json().data.invitation).toMatchObject({ companyName: 'Acme Liquidators', email, role: 'owner' });
    const res = await accept(token, person);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.company).toMatchObject({ _id: company.id, role: 'owner' });
    expect((await membersOf(t, company.id)).find((m) => m.userId === person.id)?.role).toBe('owner');
    expect(await rolesOf(t, person.id)).toEqual(['seller']);
    expect((await getAs(t, `/marketplace-api/seller/companies/${company.id}`, person)).statusCode).toBe(200);

    const again = await accept(token, person);
    expect(again.statusCode).toBe(410);
    expect(codeOf(again)).toBe('INVITATION_GONE');
    expect((await getAs(t, membersPath(company.id), person)).json().data.invitations).toEqual([]);
  });

  it('refuses another address (403), a visitor (401) and an unknown token (404), and changes nothing', async () => {
    const { company, token } = await invited();
    const someoneElse = await signUpUser(t);
    const res = await accept(token, someoneElse);
    expect(res.statusCode).toBe(403);
    expect(res.json().errors[0].message).toContain('Sign in with that address');
    expect((await getAs(t, invitationPath(token), someoneElse)).statusCode).toBe(403);
    expect((await accept(token)).statusCode).toBe(401);
    expect((await accept('x'.repeat(43), someoneElse)).statusCode).toBe(404);
    expect((await getAs(t, invitationPath('x'.repeat(43)), someoneElse)).statusCode).toBe(404);
    for (const body of [{}, { token: '' }, { token: 'x'.repeat(101) }, { token, extra: 1 }]) {
      const bad = await sendAs(t, 'POST', acceptPath, someoneElse, body);
      expect(bad.statusCode, JSON.stringify(body)).toBe(400);
      expect(codeOf(bad)).toBe('VALIDATION_FAILED');
    }
    expect((await getAs(t, '/marketplace-api/seller/invitations', someoneElse)).statusCode).toBe(400);
    expect(await membersOf(t, company.id)).toHaveLength(2);
    expect(await rolesOf(t, someoneElse.id)).toEqual([]);
    const [row] = await t.db.select().from(companyInvitations).where(eq(companyInvitations.companyId, company.id));
    expect(row?.acceptedAt).toBeNull();
  });

  it('answers 410 INVITATION_GONE for an expired or revoked invitation', async () => {
    const expired = await invited();
    await t.db
      .update(companyInvitations)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(companyInvitations.id, expired.invitationId));
    const late = await activatedUser(expired.email);
    const res = await accept(expired.token, late);
    expect(res.statusCode).toBe(410);
    expect(codeOf(res)).toBe('INVITATION_GONE');
    expect(await membersOf(t, expired.company.id)).toHaveLength(2);

    const revoked = await invited();
    const path = `/marketplace-api/seller/companies/${revoked.company.id}/invitations/${revoked.invitationId}`;
    const revoke = await sendAs(t, 'DELETE', path, revoked.owner);
    expect(revoke.statusCode).toBe(200);
    const person = await activatedUser(revoked.email);
    expect((await accept(revoked.token, person)).statusCode).toBe(410);
    expect((await getAs(t, invitationPath(revoked.token), person)).statusCode).toBe(410);
  });
});

describe('accepting an invitation: the holes a reviewer found', () => {
  it('refuses an account not activated yet (403, nothing changes), and accepts once it is activated', async () => {
    // Sign-up does not prove the address: whoever holds a leaked link could register it.
    const { company, email, token } = await invited();
    const person = await signUpUser(t, { email, name: 'Ivy Invited' });
    for (const res of [await getAs(t, invitationPath(token), person), await accept(token, person)]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().errors[0].message).toContain('Activate your account from the e-mail we sent');
    }
    expect(await membersOf(t, company.id)).toHaveLength(2);
    expect(await rolesOf(t, person.id)).toEqual([]);
    const [row] = await t.db.select().from(companyInvitations).where(eq(companyInvitations.companyId, company.id));
    expect(row?.acceptedAt).toBeNull();

    await activate(t, email);
    expect((await accept(token, person)).statusCode).toBe(200);
    expect((await membersOf(t, company.id)).find((m) => m.userId === person.id)?.role).toBe('staff');
  });

  it('answers 409 ALREADY_MEMBER to a member, keeps their role and leaves the link unused', async () => {
    // The invited address became a member's (an e-mail change) after the owner sent the link.
    const { company, staff, email, token, invitationId } = await invited('owner');
    await t.db.update(users).set({ email, emailVerified: true }).where(eq(users.id, staff.id));
    const res = await accept(token, staff);
    expect(res.statusCode).toBe(409);
    expect(codeOf(res)).toBe('ALREADY_MEMBER');
    expect((await membersOf(t, company.id)).find((m) => m.userId === staff.id)?.role).toBe('staff');
    const [row] = await t.db.select().from(companyInvitations).where(eq(companyInvitations.id, invitationId));
    expect(row?.acceptedAt).toBeNull();
  });

  it('keeps the token out of paths, so the request log never holds it', async () => {
    const { email, token } = await invited();
    const mail = await latestMailTo(t, email);
    expect(mail?.text).toContain(`${ORIGIN}/seller/invitations?token=`);
    const person = await activatedUser(email);
    expect((await getAs(t, invitationPath(token), person)).statusCode).toBe(200);
    expect((await accept(token, person)).statusCode).toBe(200);
    const log = logLines.join('');
    expect(log).toContain('"path":"/marketplace-api/seller/invitations/accept"');
    expect(log).not.toContain(token);
    expect(log).not.toContain(encodeURIComponent(token));
  });
});

describe('DELETE …/invitations/{invitationId}', () => {
  it('is for owners only: staff, another company, a buyer 403, a visitor 401; unknown 404; nothing changes', async () => {
    const { company, owner, staff, stranger, buyer, invitationId } = await invited();
    const path = `/marketplace-api/seller/companies/${company.id}/invitations/${invitationId}`;
    for (const person of [staff, stranger, buyer]) {
      expect((await sendAs(t, 'DELETE', path, person)).statusCode).toBe(403);
    }
    expect((await sendAs(t, 'DELETE', path)).statusCode).toBe(401);
    expect((await sendAs(t, 'DELETE', `${path}x`, owner)).statusCode).toBe(404);
    const [row] = await t.db.select().from(companyInvitations).where(eq(companyInvitations.id, invitationId));
    expect(row?.revokedAt).toBeNull();
    expect((await sendAs(t, 'DELETE', path, owner)).statusCode).toBe(200);
    expect((await sendAs(t, 'DELETE', path, owner)).statusCode).toBe(404);
  });
});
