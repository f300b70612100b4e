import { REVIEWER_ROLES } from '@lotline/contracts';
import type { Database } from '@lotline/db';
import { users } from '@lotline/db/schema';
import { eq } from 'drizzle-orm';
import { AppError } from '../errors';

/** The roles a route may require. `staff` is Lotline's staff, which admins are too. */
export type RequiredRole = 'staff' | 'admin';

// Staff are the roles the web shows staff pages to (contracts' REVIEWER_ROLES), so both sides agree.
const HOLDERS: Record<RequiredRole, readonly string[]> = { staff: REVIEWER_ROLES, admin: ['admin'] };

async function rolesOf(db: Database, userId: string): Promise<readonly string[]> {
  const [row] = await db.select({ roles: users.roles }).from(users).where(eq(users.id, userId));
  return row?.roles ?? [];
}

/** Whether the user holds the role (an unknown user holds none). */
export async function hasRole(db: Database, userId: string, role: RequiredRole): Promise<boolean> {
  const roles = await rolesOf(db, userId);
  return HOLDERS[role].some((holder) => roles.includes(holder));
}

/** Whether the user is Lotline staff (role `staff` or `admin`). */
export const isStaff = (db: Database, userId: string) => hasRole(db, userId, 'staff');

export const ROLE_FORBIDDEN: Record<RequiredRole, string> = {
  staff: 'Only Lotline staff can do this.',
  admin: 'Only a Lotline admin can do this.',
};

export async function requireRole(
  db: Database,
  userId: string,
  role: RequiredRole,
  message = ROLE_FORBIDDEN[role],
): Promise<void> {
  if (!(await hasRole(db, userId, role))) throw new AppError('FORBIDDEN', message);
}

/** Contract §1: `{userId}` must be the signed-in user's id, except for an admin, who may read any. */
export async function authorizeUserPath(db: Database, sessionUserId: string, pathUserId: string): Promise<void> {
  if (sessionUserId === pathUserId) return;
  if (!(await hasRole(db, sessionUserId, 'admin')))
    throw new AppError('FORBIDDEN', 'You can only see your own account.');
}

/** A change under `{userId}` is the signed-in user's own: not even an admin edits another person's account here. */
export function authorizeOwnUserPath(sessionUserId: string, pathUserId: string): void {
  if (sessionUserId !== pathUserId) throw new AppError('FORBIDDEN', 'You can only change your own account.');
}
