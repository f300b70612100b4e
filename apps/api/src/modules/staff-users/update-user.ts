import type { StaffUser, StaffUserPatch } from '@lotline/contracts';
import type { Database, Executor } from '@lotline/db';
import { sessions, users } from '@lotline/db/schema';
import { and, asc, eq, sql } from 'drizzle-orm';
import { AppError } from '../../lib/errors';
import { publishSessionEnded } from '../../lib/http/session-ends';
import { assertNotOwnRecord } from '../../lib/own-record';
import { recordAudit } from '../audit/record-audit';
import { publishLotChanges } from '../live/publish-lot-changes';
import { withdrawUserBids } from '../staff-events/withdraw-user-bids';
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
 * Disabling deletes every session of the user at once and withdraws their
 * standing maximum bids on open lots, each lot replayed without them (decision
 * 0082; the live stream is told after the commit); their deposit holds are then
 * released by the idle-deposit sweep. A change tells every process's session
 * cache at its commit (decision 0100; the caller forgets the user in its own at
 * once, `SessionCache.dropUser`). The enabled admins are locked (in id
 * order, so two such changes never deadlock) before the user, so two admins
 * removing each other cannot leave no admin.
 */
export async function updateStaffUser(
  db: Database,
  actorId: string,
  userId: string,
  patch: StaffUserPatch,
): Promise<StaffUser> {
  assertNotOwnRecord(actorId, userId);
  const { user, lotsChanged } = await db.transaction(async (tx) => {
    const admins = await lockEnabledAdmins(tx);
    // NO KEY UPDATE, not UPDATE: a bid's foreign keys take the user's row FOR KEY SHARE while it holds its lot's
    // lock, so a stronger lock here would deadlock with the lot locks the bid withdrawal takes next.
    const [target] = await tx.select(staffUserColumns).from(users).where(eq(users.id, userId)).for('no key update');
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
    if (!rolesChange && !disabledChange) return { user: presentStaffUser(target), lotsChanged: [] };

    const [updated] = await tx
      .update(users)
      .set({ roles, disabled, updatedAt: sql`now()` })
      .where(eq(users.id, userId))
      .returning(staffUserColumns);
    if (!updated) throw new Error('the locked user row vanished');
    const audit = { actorId, targetType: 'user', targetId: userId };
    let lotsChanged: string[] = [];
    if (disabledChange) {
      // The cookie of every signed-in browser names a session row: without it the cookie is refused (401).
      if (disabled) await tx.delete(sessions).where(eq(sessions.userId, userId));
      // After the user's row lock: a bid batch of theirs already holding a lot's lock commits first and is replayed.
      if (disabled) lotsChanged = await withdrawUserBids(tx, actorId, userId);
      const action = disabled ? 'user.disable' : 'user.enable';
      await recordAudit(tx, { ...audit, action, before: { disabled: target.disabled }, after: { disabled } });
    }
    if (rolesChange) {
      await recordAudit(tx, { ...audit, action: 'user.roles', before: { roles: target.roles }, after: { roles } });
    }
    // Sent at the commit: every process forgets the user's cached sessions with the change (decision 0100).
    await publishSessionEnded(tx, userId);
    return { user: presentStaffUser(updated), lotsChanged };
  });
  if (lotsChanged.length > 0) await publishLotChanges(db, lotsChanged);
  return user;
}

async function lockEnabledAdmins(tx: Executor): Promise<string[]> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(sql`'admin' = any(${users.roles})`, eq(users.disabled, false)))
    .orderBy(asc(users.id))
    .for('no key update');
  return rows.map((row) => row.id);
}
