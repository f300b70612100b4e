import { companyMembers, messages, users } from '@lotline/db/schema';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { TestApp } from '../../test/app';
import { send } from '../account/test-helpers';
import { signUpUser } from '../identity/test-helpers';

/** Helpers for the messaging tests: real sign-ups and routes, from the site's origin. */

export type Person = { id: string; cookie: string };

export const start = (userId: string) => `/marketplace-api/users/${userId}/conversations`;
export const thread = (id: string) => `/marketplace-api/conversations/${id}`;

/** A user with the stored verification flag set, as the account slice computes it. */
export async function verifiedBuyer(t: TestApp, name = 'Pat Buyer') {
  const user = await signUpUser(t, { name });
  await t.db.update(users).set({ verified: true }).where(eq(users.id, user.id));
  return user;
}

export async function sellerOf(t: TestApp, companyId: string, name = 'Sam Seller') {
  const user = await signUpUser(t, { name });
  await t.db
    .update(users)
    .set({ roles: ['seller'] })
    .where(eq(users.id, user.id));
  await t.db.insert(companyMembers).values({ companyId, userId: user.id });
  return user;
}

export async function agree(t: TestApp, user: Person, eventId: string) {
  const res = await send(t, 'POST', `/marketplace-api/users/${user.id}/bidder-terms?eventId=${eventId}`, undefined, {
    cookie: user.cookie,
  });
  expect(res.statusCode).toBe(201);
}

/** An event of a fresh company with one seller user, and a verified buyer who agreed to its terms. */
export async function scene(t: TestApp) {
  const company = await t.make.company({ name: 'Acme Liquidators LLC', displayName: 'Acme Liquidators' });
  const event = await t.make.event({ companyId: company.id, name: 'Houston Plant Closure' });
  const seller = await sellerOf(t, company.id);
  const buyer = await verifiedBuyer(t);
  await agree(t, buyer, event.id);
  return { company, event, seller, buyer };
}

/** Contact Seller as this user. */
export const write = (t: TestApp, user: Person, body: unknown) =>
  send(t, 'POST', start(user.id), body, { cookie: user.cookie });

export const reply = (t: TestApp, user: Person, conversationId: string, body: unknown) =>
  send(t, 'POST', `${thread(conversationId)}/messages`, body, { cookie: user.cookie });

/** Marks a conversation read as this user (the thread pages do this when the person opens the thread). */
export const markRead = (t: TestApp, user: Person, conversationId: string, body?: unknown) =>
  send(t, 'POST', `${thread(conversationId)}/read`, body, { cookie: user.cookie });

export const messagesOf = (t: TestApp, conversationId: string) =>
  t.db.select().from(messages).where(eq(messages.conversationId, conversationId));
