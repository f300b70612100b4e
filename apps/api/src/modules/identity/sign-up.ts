import type { signUpBody } from '@lotline/contracts';
import { userVars } from '@lotline/db/schema';
import type { z } from 'zod';
import { callAuth } from './auth-errors';
import type { Caller, IdentityDeps } from './deps';
import { getMe } from './get-me';
import { POLICIES } from './rate-limit';

/**
 * Creates the account, signs it in and sends the activation link. The
 * company name and buyer persona become user vars (spec §3).
 */
export async function signUp({ db, auth, limiter }: IdentityDeps, input: z.output<typeof signUpBody>, caller: Caller) {
  await limiter.hit(POLICIES.signUpByIp, caller.ip);
  const { headers, response } = await callAuth(() =>
    auth.api.signUpEmail({
      body: { email: input.email, password: input.password, name: input.name },
      headers: caller.headers,
      returnHeaders: true,
    }),
  );
  const userId = response.user.id;
  const vars: { userId: string; key: string; value: string }[] = [
    { userId, key: 'buyer_persona', value: input.buyerPersona },
  ];
  if (input.companyName) vars.push({ userId, key: 'signup_company_name', value: input.companyName });
  await db.insert(userVars).values(vars).onConflictDoNothing();
  return { headers, user: await getMe(db, userId) };
}
