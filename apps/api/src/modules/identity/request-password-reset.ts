import { POLICIES } from '../../lib/http/rate-limit';
import { callAuth } from './auth-errors';
import type { Caller, IdentityDeps } from './deps';

/**
 * Mails a reset link when the address has an account. The answer is the same
 * either way, so the form cannot be used to learn who has an account; the
 * library does comparable work for an unknown address, and the mail leaves in
 * the background (auth.ts). Over the per-address mail allowance nothing new is
 * sent, silently: the newest link sent still works (decision 0026), and a 429
 * here would let anyone stop the owner asking.
 */
export async function requestPasswordReset({ auth, limiter }: IdentityDeps, email: string, caller: Caller) {
  await limiter.hit(POLICIES.resetByIp, caller.ip);
  if (!(await limiter.allows(POLICIES.resetMailsByEmail, email))) return;
  await callAuth(() => auth.api.requestPasswordReset({ body: { email }, headers: caller.headers }));
}
