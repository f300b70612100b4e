import { users } from '@lotline/db/schema';
import { eq } from 'drizzle-orm';
import { AppError } from '../../lib/errors';
import { POLICIES } from '../../lib/http/rate-limit';
import { recordAudit } from '../audit/record-audit';
import { callAuth } from '../identity/auth-errors';
import type { IdentityDeps } from '../identity/deps';

/**
 * Staff send a user the normal password reset mail (contract §6, decision
 * 0075): the library's reset, as the forgotten-password form asks for it, so
 * the link, its lifetime and the mail are the same. The per-address mail
 * allowance still holds (over it nothing new is sent; the newest link works).
 * Audited once the library took the request (there is no write of ours to
 * share a transaction with).
 */
export async function sendStaffPasswordReset(
  { db, auth, limiter }: IdentityDeps,
  actorId: string,
  userId: string,
  headers: Headers,
): Promise<void> {
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  if (!user) throw AppError.notFound('No such user.');
  if (await limiter.allows(POLICIES.resetMailsByEmail, user.email)) {
    await callAuth(() => auth.api.requestPasswordReset({ body: { email: user.email }, headers }));
  }
  await recordAudit(db, {
    actorId,
    action: 'user.password-reset',
    targetType: 'user',
    targetId: userId,
    before: null,
    after: { email: user.email },
  });
}
