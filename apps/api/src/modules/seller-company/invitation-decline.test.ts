import { companyInvitations } from '@lotline/db/schema';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { signUpUser } from '../identity/test-helpers';
import {
  ACCEPT_PATH,
  activatedUser,
  codeOf,
  crew,
  DECLINE_PATH,
  getAs,
  invitationPath,
  invitationsPath,
  invitationTokenMailedTo,
  membersOf,
  membersPath,
  rolesOf,
  sendAs,
} from './test-helpers';

/** POST /marketplace-api/seller/invitations/decline (decision 0068): the invited person says no. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A company whose owner invited an activated account; the token comes from the e-mail. */
async function invitedAccount() {
  const scene = await crew(t);
  const person = await activatedUser(t);
  const res = await sendAs(t, 'POST', invitationsPath(scene.company.id), scene.owner, {
    email: person.email,
    role: 'staff',
  });
  const token = await invitationTokenMailedTo(t, person.email);
  return { ...scene, person, token, invitationId: res.json().data.invitation._id as string };
}

const rowOf = async (id: string) =>
  (await t.db.select().from(companyInvitations).where(eq(companyInvitations.id, id)))[0];

describe('declining an invitation', () => {
  it('ends it: nobody joins, the owner no longer sees it, and the link is 410 for reading, accepting, declining', async () => {
    const { company, owner, person, token, invitationId } = await invitedAccount();
    const res = await sendAs(t, 'POST', DECLINE_PATH, person, { token });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ declined: true });
    expect((await membersOf(t, company.id)).map((m) => m.userId)).not.toContain(person.id);
    expect(await rolesOf(t, person.id)).toEqual([]);
    expect((await getAs(t, membersPath(company.id), owner)).json().data.invitations).toEqual([]);
    expect((await rowOf(invitationId))?.revokedAt).not.toBeNull();
    for (const again of [
      await getAs(t, invitationPath(token), person),
      await sendAs(t, 'POST', ACCEPT_PATH, person, { token }),
      await sendAs(t, 'POST', DECLINE_PATH, person, { token }),
    ]) {
      expect(again.statusCode).toBe(410);
      expect(codeOf(again)).toBe('INVITATION_GONE');
    }
    expect(await membersOf(t, company.id)).toHaveLength(2);
  });

  it('refuses someone else (403), a visitor (401), an unknown token (404) and bad input (400); nothing changes', async () => {
    const { company, owner, staff, token, invitationId } = await invitedAccount();
    const someoneElse = await activatedUser(t);
    for (const who of [someoneElse, owner, staff]) {
      const res = await sendAs(t, 'POST', DECLINE_PATH, who, { token });
      expect(res.statusCode).toBe(403);
      expect(codeOf(res)).toBe('FORBIDDEN');
      expect((await sendAs(t, 'POST', ACCEPT_PATH, who, { token })).statusCode).toBe(403);
    }
    expect((await sendAs(t, 'POST', DECLINE_PATH, undefined, { token })).statusCode).toBe(401);
    expect((await sendAs(t, 'POST', DECLINE_PATH, someoneElse, { token: 'x'.repeat(43) })).statusCode).toBe(404);
    for (const body of [{}, { token: '' }, { token, extra: 1 }]) {
      const bad = await sendAs(t, 'POST', DECLINE_PATH, someoneElse, body);
      expect(bad.statusCode, JSON.stringify(body)).toBe(400);
      expect(codeOf(bad)).toBe('VALIDATION_FAILED');
    }
    expect((await rowOf(invitationId))?.revokedAt).toBeNull();
    expect((await getAs(t, membersPath(company.id), owner)).json().data.invitations).toHaveLength(1);
    expect(await membersOf(t, company.id)).toHaveLength(2);
  });

  it('answers 410 INVITATION_GONE for an expired invitation and leaves the row as it was', async () => {
    const { person, token, invitationId } = await invitedAccount();
    await t.db
      .update(companyInvitations)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(companyInvitations.id, invitationId));
    const res = await sendAs(t, 'POST', DECLINE_PATH, person, { token });
    expect(res.statusCode).toBe(410);
    expect(codeOf(res)).toBe('INVITATION_GONE');
    expect((await rowOf(invitationId))?.revokedAt).toBeNull();
  });

  it('refuses an account not activated yet (403): a leaked link plus a fresh sign-up cannot decline either', async () => {
    const { company, owner } = await crew(t);
    const person = await signUpUser(t, { name: 'Una Unproven' });
    const res = await sendAs(t, 'POST', invitationsPath(company.id), owner, { email: person.email, role: 'staff' });
    const token = await invitationTokenMailedTo(t, person.email);
    const refused = await sendAs(t, 'POST', DECLINE_PATH, person, { token });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errors[0].message).toContain('Activate your account');
    expect((await rowOf(res.json().data.invitation._id))?.revokedAt).toBeNull();
  });
});
