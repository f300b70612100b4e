import { DEFAULT_BUYER_PERSONA, USER_VAR_KEYS, type UserVar } from '@lotline/contracts';
import type { Database } from '@lotline/db';
import { userVars } from '@lotline/db/schema';
import { eq } from 'drizzle-orm';

const KNOWN = new Set<string>(USER_VAR_KEYS);

/**
 * The user's vars (spec §3), in the order of the spec's key list.
 * `buyer_persona` is always present: unset means the default persona (spec §9).
 */
export async function listUserVars(db: Database, userId: string): Promise<UserVar[]> {
  const rows = await db
    .select({ key: userVars.key, value: userVars.value })
    .from(userVars)
    .where(eq(userVars.userId, userId));
  const byKey = new Map(rows.filter((r) => KNOWN.has(r.key)).map((r) => [r.key, r.value]));
  if (!byKey.has('buyer_persona')) byKey.set('buyer_persona', DEFAULT_BUYER_PERSONA);
  return USER_VAR_KEYS.filter((key) => byKey.has(key)).map((key) => ({ key, value: byKey.get(key) }));
}
