import { verifyPassword } from '@lotline/db/passwords';
import { accounts, users } from '@lotline/db/schema';
import { and, eq } from 'drizzle-orm';
import { POLICIES } from '../../lib/http/rate-limit';
import type { SessionUser } from '../../lib/http/session';
import { callAuth, identityError, MESSAGES } from './auth-errors';
import type { Caller, IdentityDeps } from './deps';

/**
 * Changes the account's e-mail, after the current password. An unactivated
 * account's address changes at once and gets a new activation link; an
 * activated one keeps its address until the new one confirms by link.
 */
export async function changeEmail(
  { db, auth, limiter }: IdentityDeps,
  user: SessionUser,
  input: { newEmail: string; currentPassword: string },
  caller: Caller,
) {
  await limiter.check(POLICIES.passwordCheckFailuresByUser, user.id);
  const [credential] = await db
    .select({ password: accounts.password })
    .from(accounts)
    .where(and(eq(accounts.userId, user.id), eq(accounts.providerId, 'credential')));
  if (!credential?.password || !(await verifyPassword(credential.password, input.currentPassword))) {
    await limiter.hit(POLICIES.passwordCheckFailuresByUser, user.id);
    throw identityError('WRONG_PASSWORD', MESSAGES.wrongPassword, 'currentPassword');
  }
  if (input.newEmail === user.email) {
    throw identityError('SAME_EMAIL', 'That is already your e-mail address.', 'newEmail');
  }
  // The library answers "done" for a taken address (so as not to reveal it); a signed-in user who
  // proved the password gets the truth (sign-up, open to anyone, does not: decision 0026).
  const [taken] = await db.select({ id: users.id }).from(users).where(eq(users.email, input.newEmail));
  if (taken) throw identityError('EMAIL_TAKEN', MESSAGES.emailTaken, 'newEmail');

  const { headers } = await callAuth(() =>
    auth.api.changeEmail({ body: { newEmail: input.newEmail }, headers: caller.headers, returnHeaders: true }),
  );
  const [now] = await db.select({ email: users.email }).from(users).where(eq(users.id, user.id));
  const email = now?.email ?? user.email;
  return { headers, email, pendingEmail: email === input.newEmail ? null : input.newEmail };
}
