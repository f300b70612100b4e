import { POLICIES } from '../../lib/http/rate-limit';
import type { SessionUser } from '../../lib/http/session';
import { callAuth, identityError } from './auth-errors';
import type { Caller, IdentityDeps } from './deps';

/** Sends a fresh activation link to the signed-in user's address (the old one may have expired). */
export async function sendActivationEmail({ auth, limiter }: IdentityDeps, user: SessionUser, caller: Caller) {
  if (user.emailVerified) throw identityError('ALREADY_ACTIVATED', 'Your account is already activated.');
  await limiter.hit(POLICIES.activationMailByUser, user.id);
  await callAuth(() => auth.api.sendVerificationEmail({ body: { email: user.email }, headers: caller.headers }));
}
