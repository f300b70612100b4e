import type { signInBody } from '@lotline/contracts';
import type { z } from 'zod';
import { isAppError } from '../../lib/errors';
import { callAuth } from './auth-errors';
import type { Caller, IdentityDeps } from './deps';
import { getMe } from './get-me';
import { POLICIES } from './rate-limit';

/**
 * Signs in with e-mail and password. Every attempt counts against the
 * address; failures also count against the e-mail, whose block holds even
 * when the right password comes next (else a block would only slow guessing).
 */
export async function signIn({ db, auth, limiter }: IdentityDeps, input: z.output<typeof signInBody>, caller: Caller) {
  await limiter.hit(POLICIES.signInByIp, caller.ip);
  await limiter.check(POLICIES.signInFailuresByEmail, input.email);
  const result = await callAuth(() =>
    auth.api.signInEmail({
      body: { email: input.email, password: input.password, rememberMe: true },
      headers: caller.headers,
      returnHeaders: true,
    }),
  ).catch(async (err: unknown) => {
    if (isAppError(err) && err.code === 'INVALID_CREDENTIALS') {
      await limiter.hit(POLICIES.signInFailuresByEmail, input.email);
    }
    throw err;
  });
  await limiter.reset(POLICIES.signInFailuresByEmail, input.email);
  return { headers: result.headers, user: await getMe(db, result.response.user.id) };
}
