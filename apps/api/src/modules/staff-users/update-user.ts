import type { StaffUser, StaffUserPatch } from '@lotline/contracts';
import type { Database, Executor } from '@lotline/db';
import { sessions, users } from '@lotline/db/schema';
import { and, asc, eq, sql } from 'drizzle-orm';
import { AppError } from '../../lib/errors';
import { assertNotOwnRecord } from '../../lib/own-record';
import { recordAudit } from '../audit/record-audit';
import { presentStaffUser, staffUserColumns } from './list-users';

const STAFF_ROLES = ['staff', 'admin'];
const sameRoles = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((role) => b.includes(role));

export const ONLY_ADMIN_ROLES = 'Only a Lotline admin can change roles.';
export const ONLY_ADMIN_STAFF = 'Only a Lotline admin can disable or enable a staff account.';
export const LAST_ADMIN = 'LAST_ADMIN';

/**
 * Staff change a user's roles or disable and re-enable the account (contract
 * §6, decision 0075), in one transaction with its audit entries. Roles, and
 * the accounts of staff, are an admin's to change; nobody changes their own.
 * Disabling deletes every session of the user at once. The enabled admins are
 * locked (in id order, so two such changes never deadlock) before the user, so
 * two admins removing each other cannot leave no admin.
 */
export async function updateStaffUser(
  db: Database,
  actorId: string,
  userId: string,
  patch: StaffUserPatch,
): Promise<StaffUser> {
  assertNotOwnRecord(actorId, userId);
  return db.transaction(async (tx) => {
    const admins = await lockEnabledAdmins(tx);
    const [target] = await tx.select(staffUserColumns).from(users).where(eq(users.id, userId)).for('update');
    if (!target) throw AppError.notFound('No such user.');
    const [actor] = await tx.select({ roles: users.roles }).from(users).where(eq(users.id, actorId));
    const actorIsAdmin = actor?.roles.includes('admin') === true;

    const roles = patch.roles ?? target.roles;
    const disabled = patch.disabled ?? target.disabled;
    const rolesChange = !sameRoles(roles, target.roles);
    const disabledChange = disabled !== target.disabled;
    if (rolesChange && !actorIsAdmin) throw new AppError('FORBIDDEN', ONLY_ADMIN_ROLES);
    const staffAccount = target.roles.some((role) => STAFF_ROLES.includes(role));
    if (disabledChange && staffAccount && !actorIsAdmin) throw new AppError('FORBIDDEN', ONLY_ADMIN_STAFF);
    const remainsAdmin = roles.includes('admin') && !disabled;
    if (admins.includes(userId) && !remainsAdmin && admins.length === 1) {
      throw new AppError(LAST_ADMIN, 'This is the last admin: make another user an admin first.', { status: 409 });
    }
    if (!rolesChange && !disabledChange) return presentStaffUser(target);

    const [updated] = await tx
      .update(users)
      .set({ roles, disabled, updatedAt: sql`now()` })
      .where(eq(users.id, userId))
      .returning(staffUserColumns);
    if (!updated) throw new Error('the locked user row vanished');
    const audit = { actorId, targetType: 'user', targetId: userId };
    if (disabledChange) {
      // The cookie of every signed-in browser names a session row: without it the cookie is refused (401).
      if (disabled) await tx.delete(sessions).where(eq(sessions.userId, userId));
      const action = disabled ? 'user.disable' : 'user.enable';
      await recordAudit(tx, { ...audit, action, before: { disabled: target.disabled }, after: { disabled } });
    }
    if (rolesChange) {
      await recordAudit(tx, { ...audit, action: 'user.roles', before: { roles: target.roles }, after: { roles } });
    }
    return presentStaffUser(updated);
  });
}

async function lockEnabledAdmins(tx: Executor): Promise<string[]> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(sql`'admin' = any(${users.roles})`, eq(users.disabled, false)))
    .orderBy(asc(users.id))
    .for('update');
  return rows.map((row) => row.id);
}
