import type { Database } from '@lotline/db';
import { users } from '@lotline/db/schema';
import { eq } from 'drizzle-orm';
import { AppError } from '../../lib/errors';

const STAFF_ROLES = new Set(['staff', 'admin']);

/** Whether the user is Lotline staff (role `staff` or `admin`). */
export async function isStaff(db: Database, userId: string): Promise<boolean> {
  const [row] = await db.select({ roles: users.roles }).from(users).where(eq(users.id, userId));
  return row?.roles.some((r) => STAFF_ROLES.has(r)) ?? false;
}

export async function requireStaff(db: Database, userId: string): Promise<void> {
  if (!(await isStaff(db, userId))) throw new AppError('FORBIDDEN', 'Only Lotline staff can review tax exemptions.');
}
