import { callAuth } from './auth-errors';
import type { Caller, IdentityDeps } from './deps';
import { POLICIES } from './rate-limit';

/**
 * Mails a reset link when the address has an account. The answer is the same
 * either way, so the form cannot be used to learn who has an account.
 */
export async function requestPasswordReset({ auth, limiter }: IdentityDeps, email: string, caller: Caller) {
  await limiter.hit(POLICIES.resetByIp, caller.ip);
  await limiter.hit(POLICIES.resetByEmail, email);
  await callAuth(() => auth.api.requestPasswordReset({ body: { email }, headers: caller.headers }));
}
