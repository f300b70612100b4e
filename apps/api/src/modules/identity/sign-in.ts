import type { signInBody } from '@lotline/contracts';
import type { z } from 'zod';
import { isAppError } from '../../lib/errors';
import { DELAYS, POLICIES } from '../../lib/http/rate-limit';
import { callAuth } from './auth-errors';
import { waitBeforeAttempt } from './delay';
import type { Caller, IdentityDeps } from './deps';
import { getMe } from './get-me';

/**
 * Signs in with e-mail and password (limits in decision 0026). Every attempt
 * counts against the client address. Failures count against the e-mail from
 * that address, whose block holds even for the right password (else it would
 * only slow guessing) but only there, and against the e-mail from anywhere,
 * which never blocks: over its allowance each attempt waits a little before
 * the password is checked, so the owner can still sign in during an attack.
 */
export async function signIn({ db, auth, limiter }: IdentityDeps, input: z.output<typeof signInBody>, caller: Caller) {
  const emailAtAddress = `${input.email}|${caller.ip}`;
  await limiter.hit(POLICIES.signInByIp, caller.ip);
  await limiter.check(POLICIES.signInFailuresByEmailAndIp, emailAtAddress);
  // Waiting before the check (not after a failure) keeps a guesser from reading success off the answer's speed.
  await waitBeforeAttempt(await limiter.delayMs(DELAYS.signInFailuresByEmail, input.email));
  const result = await callAuth(() =>
    auth.api.signInEmail({
      body: { email: input.email, password: input.password, rememberMe: true },
      headers: caller.headers,
      returnHeaders: true,
    }),
  ).catch(async (err: unknown) => {
    if (isAppError(err) && err.code === 'INVALID_CREDENTIALS') {
      await limiter.count(DELAYS.signInFailuresByEmail, input.email);
      await limiter.hit(POLICIES.signInFailuresByEmailAndIp, emailAtAddress);
    }
    throw err;
  });
  // Only this address's failures are forgiven: another address's guessing keeps counting for the e-mail.
  await limiter.reset(POLICIES.signInFailuresByEmailAndIp, emailAtAddress);
  return { headers: result.headers, user: await getMe(db, result.response.user.id) };
}
