import { companyMembers, users } from '@lotline/db/schema';
import { and, eq } from 'drizzle-orm';
import type { TestApp } from '../../test/app';
import { activate, send } from '../account/test-helpers';
import { get, latestMailTo, signUpUser } from '../identity/test-helpers';
import { sellerOf } from '../messaging/test-helpers';

/** Helpers for the seller-company tests: real sign-ups and routes, from the site's origin. */

export type Person = { id: string; email: string; cookie: string };

export const companyPath = (companyId: string) => `/marketplace-api/seller/companies/${companyId}`;
export const membersPath = (companyId: string) => `${companyPath(companyId)}/members`;
export const invitationsPath = (companyId: string) => `${companyPath(companyId)}/invitations`;
export const ACCEPT_PATH = '/marketplace-api/seller/invitations/accept';
export const DECLINE_PATH = '/marketplace-api/seller/invitations/decline';
export const invitationPath = (token: string) =>
  `/marketplace-api/seller/invitations?token=${encodeURIComponent(token)}`;
export const codeOf = (res: { json: () => { errors: { code: string }[] } }) => res.json().errors[0]?.code;

/** The token of the latest invitation link mailed to the address. */
export async function invitationTokenMailedTo(t: TestApp, email: string) {
  const text = (await latestMailTo(t, email))?.text ?? '';
  return decodeURIComponent(text.match(/\/seller\/invitations\?token=([^\s]+)/)?.[1] ?? '');
}

/** Signs up with the address and activates it from the mailed link, as the invited person must. */
export async function activatedUser(t: TestApp, email?: string, name = 'Ivy Invited') {
  const person = (await signUpUser(t, { ...(email ? { email } : {}), name })) as Person;
  await activate(t, person.email);
  return person;
}

/** A seller user with the given role in the company. */
export async function memberOf(t: TestApp, companyId: string, role: 'owner' | 'staff', name = 'Sam Seller') {
  const user = await sellerOf(t, companyId, name);
  await t.db
    .update(companyMembers)
    .set({ role })
    .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.userId, user.id)));
  return user as Person;
}

/** A company with an owner and a staff member, another company's owner, and a buyer. */
export async function crew(t: TestApp) {
  const company = await t.make.company({ name: 'Acme Liquidators LLC', displayName: 'Acme Liquidators' });
  const owner = await memberOf(t, company.id, 'owner', 'Olive Owner');
  const staff = await memberOf(t, company.id, 'staff', 'Stan Staff');
  const stranger = await memberOf(t, (await t.make.company()).id, 'owner', 'Otto Other');
  const buyer = (await signUpUser(t, { name: 'Bea Buyer' })) as Person;
  return { company, owner, staff, stranger, buyer };
}

export const rolesOf = async (t: TestApp, userId: string) =>
  (await t.db.select({ roles: users.roles }).from(users).where(eq(users.id, userId)))[0]?.roles;

export const membersOf = (t: TestApp, companyId: string) =>
  t.db
    .select({ userId: companyMembers.userId, role: companyMembers.role })
    .from(companyMembers)
    .where(eq(companyMembers.companyId, companyId));

export const as = (person?: { cookie: string }) => (person ? { cookie: person.cookie } : {});

export const getAs = (t: TestApp, path: string, person?: { cookie: string }) => get(t, path, person?.cookie);

export const sendAs = (
  t: TestApp,
  method: 'POST' | 'PUT' | 'DELETE',
  path: string,
  person?: { cookie: string },
  body?: unknown,
) => send(t, method, path, body, as(person));
