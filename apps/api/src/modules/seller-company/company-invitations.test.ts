import { companyInvitations } from '@lotline/db/schema';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { latestMailTo, newEmail, signUpUser } from '../identity/test-helpers';
import { crew, getAs, membersOf, membersPath, rolesOf, sendAs } from './test-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const codeOf = (res: { json: () => { errors: { code: string }[] } }) => res.json().errors[0]?.code;
const invitationPath = (token: string) => `/marketplace-api/seller/invitations/${encodeURIComponent(token)}`;

/** A company whose owner invited a fresh address; the token comes from the e-mail. */
async function invited(role: 'owner' | 'staff' = 'staff') {
  const scene = await crew(t);
  const email = newEmail();
  const res = await sendAs(t, 'POST', membersPath(scene.company.id), scene.owner, { email, role });
  const text = (await latestMailTo(t, email))?.text ?? '';
  const token = decodeURIComponent(text.match(/\/seller\/invitations\/([^\s]+)/)?.[1] ?? '');
  return { ...scene, email, token, invitationId: res.json().data.invitation._id as string };
}

describe('accepting an invitation', () => {
  it('shows the invitation to the invited address, then adds the membership with its role; used is 410', async () => {
    const { company, email, token } = await invited('owner');
    const person = await signUpUser(t, { email, name: 'Ivy Invited' });
    const shown = await getAs(t, invitationPath(token), person);
    expect(shown.statusCode).toBe(200);
    expect(shown.json().data.invitation).toMatchObject({ companyName: 'Acme Liquidators', email, role: 'owner' });
    const res = await sendAs(t, 'POST', `${invitationPath(token)}/accept`, person);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.company).toMatchObject({ _id: company.id, role: 'owner' });
    expect((await membersOf(t, company.id)).find((m) => m.userId === person.id)?.role).toBe('owner');
    expect(await rolesOf(t, person.id)).toEqual(['seller']);
    expect((await getAs(t, `/marketplace-api/seller/companies/${company.id}`, person)).statusCode).toBe(200);

    const again = await sendAs(t, 'POST', `${invitationPath(token)}/accept`, person);
    expect(again.statusCode).toBe(410);
    expect(codeOf(again)).toBe('INVITATION_GONE');
    expect((await getAs(t, membersPath(company.id), person)).json().data.invitations).toEqual([]);
  });

  it('refuses another address (403), a visitor (401) and an unknown token (404), and changes nothing', async () => {
    const { company, token } = await invited();
    const someoneElse = await signUpUser(t);
    const res = await sendAs(t, 'POST', `${invitationPath(token)}/accept`, someoneElse);
    expect(res.statusCode).toBe(403);
    expect(res.json().errors[0].message).toContain('Sign in with that address');
    expect((await getAs(t, invitationPath(token), someoneElse)).statusCode).toBe(403);
    expect((await sendAs(t, 'POST', `${invitationPath(token)}/accept`)).statusCode).toBe(401);
    expect((await sendAs(t, 'POST', `${invitationPath('x'.repeat(43))}/accept`, someoneElse)).statusCode).toBe(404);
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
    const late = await signUpUser(t, { email: expired.email });
    const res = await sendAs(t, 'POST', `${invitationPath(expired.token)}/accept`, late);
    expect(res.statusCode).toBe(410);
    expect(codeOf(res)).toBe('INVITATION_GONE');
    expect(await membersOf(t, expired.company.id)).toHaveLength(2);

    const revoked = await invited();
    const path = `/marketplace-api/seller/companies/${revoked.company.id}/invitations/${revoked.invitationId}`;
    const revoke = await sendAs(t, 'DELETE', path, revoked.owner);
    expect(revoke.statusCode).toBe(200);
    const person = await signUpUser(t, { email: revoked.email });
    expect((await sendAs(t, 'POST', `${invitationPath(revoked.token)}/accept`, person)).statusCode).toBe(410);
    expect((await getAs(t, invitationPath(revoked.token), person)).statusCode).toBe(410);
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
