import type { UserRole } from '@lotline/contracts';
import { auditLog, users } from '@lotline/db/schema';
import { asc, eq } from 'drizzle-orm';
import type { TestApp } from '../../test/app';
import { freshIp, ORIGIN, signUpUser } from '../identity/test-helpers';

/** Helpers for the staff user administration tests (decision 0075). */

export const STAFF_USERS = '/marketplace-api/staff/users';

/** A signed-in user holding `roles` (set in the database, as `create-staff` does). */
export async function signUpWithRoles(t: TestApp, roles: UserRole[], overrides: Record<string, unknown> = {}) {
  const user = await signUpUser(t, overrides);
  await t.db.update(users).set({ roles }).where(eq(users.id, user.id));
  return user;
}

export function staffRequest(
  t: TestApp,
  method: 'GET' | 'PATCH' | 'POST',
  url: string,
  cookie: string | undefined,
  body?: unknown,
) {
  return t.app.inject({
    method,
    url,
    headers: {
      origin: ORIGIN,
      'x-forwarded-for': freshIp(),
      ...(cookie ? { cookie } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
}

export const patchUser = (t: TestApp, cookie: string | undefined, userId: string, body: unknown) =>
  staffRequest(t, 'PATCH', `${STAFF_USERS}/${userId}`, cookie, body);

/** The user's administered columns and audit entries, oldest first: what a refused call leaves as it was. */
export async function userRecord(t: TestApp, userId: string) {
  const [user] = await t.db
    .select({ roles: users.roles, disabled: users.disabled })
    .from(users)
    .where(eq(users.id, userId));
  const audit = await t.db
    .select({ action: auditLog.action, actorId: auditLog.actorId, before: auditLog.before, after: auditLog.after })
    .from(auditLog)
    .where(eq(auditLog.targetId, userId))
    .orderBy(asc(auditLog.at), asc(auditLog.id));
  return { user, audit };
}
