import type { signUpBody } from '@lotline/contracts';
import { users, userVars } from '@lotline/db/schema';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { POLICIES } from '../../lib/http/rate-limit';
import { callAuth } from './auth-errors';
import type { Caller, IdentityDeps } from './deps';

/**
 * Creates the account and sends the activation link; for an address that
 * already has an account, mails its owner instead (auth.ts). The answer is the
 * same either way and signs nobody in (decision 0026), so sign-up cannot be
 * used to learn who has an account. The company name and buyer persona become
 * user vars of a new account (spec §3).
 */
export async function signUp({ db, auth, limiter }: IdentityDeps, input: z.output<typeof signUpBody>, caller: Caller) {
  await limiter.hit(POLICIES.signUpByIp, caller.ip);
  const { user } = await callAuth(() =>
    auth.api.signUpEmail({
      body: { email: input.email, password: input.password, name: input.name },
      headers: caller.headers,
    }),
  );
  // For a taken address the library answers with a made-up user that is not in the table.
  const [created] = await db.select({ id: users.id }).from(users).where(eq(users.id, user.id));
  if (!created) return;
  const vars: { userId: string; key: string; value: string }[] = [
    { userId: created.id, key: 'buyer_persona', value: input.buyerPersona },
  ];
  if (input.companyName) vars.push({ userId: created.id, key: 'signup_company_name', value: input.companyName });
  await db.insert(userVars).values(vars).onConflictDoNothing();
}
