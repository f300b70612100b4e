import { POLICIES } from '../../lib/http/rate-limit';
import { callAuth } from './auth-errors';
import type { Caller, IdentityDeps } from './deps';

/** Sets a new password from a reset link (single use, 1 hour) and signs the account out everywhere. */
export async function resetPassword(
  { auth, limiter }: IdentityDeps,
  input: { token: string; password: string },
  caller: Caller,
) {
  await limiter.hit(POLICIES.linkByIp, caller.ip);
  await callAuth(
    () =>
      auth.api.resetPassword({ body: { token: input.token, newPassword: input.password }, headers: caller.headers }),
    'reset',
  );
}
