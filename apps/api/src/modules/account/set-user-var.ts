import { STAFF_ONLY_USER_VARS, USER_VAR_VALUES, type UserVar, type UserVarKey } from '@lotline/contracts';
import type { Database } from '@lotline/db';
import { users, userVars } from '@lotline/db/schema';
import { eq, sql } from 'drizzle-orm';
import { AppError } from '../../lib/errors';
import { recomputeVerified } from './verification';

const STAFF_ONLY = new Set<string>(STAFF_ONLY_USER_VARS);

/**
 * Sets one var (spec §3 keys only; the route has checked the key). Each key's
 * value has its own schema. `skip-tax-exemption` waives a verification step,
 * so only an admin may set it, on any user; every other key is the user's own
 * (contract §1: an admin may read any user, not overwrite their settings). Verification is recomputed in the same
 * transaction, since the persona and the skip flag decide the reseller rule.
 */
export async function setUserVar(
  db: Database,
  actor: { id: string },
  userId: string,
  key: UserVarKey,
  raw: unknown,
): Promise<UserVar> {
  if (!STAFF_ONLY.has(key) && actor.id !== userId) {
    throw new AppError('FORBIDDEN', `Only the user can change their own ${key}.`);
  }
  if (STAFF_ONLY.has(key)) {
    const [row] = await db.select({ roles: users.roles }).from(users).where(eq(users.id, actor.id));
    if (!row?.roles.includes('admin')) throw new AppError('FORBIDDEN', `Only Lotline staff can change ${key}.`);
  }
  const parsed = USER_VAR_VALUES[key].safeParse(raw);
  if (!parsed.success) throw AppError.validation(parsed.error.issues[0]?.message ?? 'Invalid value.', 'value');
  const value = parsed.data;

  await db.transaction(async (tx) => {
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId));
    if (!user) throw AppError.notFound('No such user.');
    await tx
      .insert(userVars)
      .values({ userId, key, value })
      .onConflictDoUpdate({ target: [userVars.userId, userVars.key], set: { value, updatedAt: sql`now()` } });
    await recomputeVerified(tx, userId);
  });
  return { key, value };
}
