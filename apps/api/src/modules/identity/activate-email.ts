import type { ActivateResponse } from '@lotline/contracts';
import { users } from '@lotline/db/schema';
import { eq } from 'drizzle-orm';
import { POLICIES } from '../../lib/http/rate-limit';
import { recomputeVerified } from '../account/verification';
import { callAuth } from './auth-errors';
import type { Caller, IdentityDeps } from './deps';

function payloadOf(token: string): { email?: unknown; updateTo?: unknown } {
  return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'));
}

/**
 * Follows an e-mail link: activates a new account, or confirms a new address
 * (then the account's e-mail changes). Following an activation link twice is
 * fine; an expired or tampered one is refused and changes nothing.
 */
export async function activateEmail(
  { db, auth, limiter }: IdentityDeps,
  token: string,
  caller: Caller,
): Promise<ActivateResponse> {
  await limiter.hit(POLICIES.linkByIp, caller.ip);
  await callAuth(() => auth.api.verifyEmail({ query: { token }, headers: caller.headers }), 'activation');
  // The library has checked the token's signature and expiry, so its payload can be trusted now.
  const payload = payloadOf(token);
  const result: ActivateResponse =
    typeof payload.updateTo === 'string'
      ? { outcome: 'email-changed', email: payload.updateTo }
      : { outcome: 'activated', email: String(payload.email) };
  // Activation is a verification step (spec §4): the stored flag follows it.
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, result.email));
  if (user) await db.transaction((tx) => recomputeVerified(tx, user.id));
  return result;
}
