import { isAppError } from '../../lib/errors';
import { POLICIES } from '../../lib/http/rate-limit';
import type { SessionUser } from '../../lib/http/session';
import { callAuth } from './auth-errors';
import type { Caller, IdentityDeps } from './deps';

/** Changes the password after checking the current one; other sessions are signed out, this one renewed. */
export async function changePassword(
  { auth, limiter }: IdentityDeps,
  user: SessionUser,
  input: { currentPassword: string; newPassword: string },
  caller: Caller,
) {
  await limiter.check(POLICIES.passwordCheckFailuresByUser, user.id);
  const { headers } = await callAuth(() =>
    auth.api.changePassword({
      body: { currentPassword: input.currentPassword, newPassword: input.newPassword, revokeOtherSessions: true },
      headers: caller.headers,
      returnHeaders: true,
    }),
  ).catch(async (err: unknown) => {
    if (isAppError(err) && err.code === 'WRONG_PASSWORD')
      await limiter.hit(POLICIES.passwordCheckFailuresByUser, user.id);
    throw err;
  });
  return headers;
}
