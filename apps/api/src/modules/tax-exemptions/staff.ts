import { canReviewTaxExemptions } from '@lotline/contracts';
import type { Database } from '@lotline/db';
import { users } from '@lotline/db/schema';
import { eq } from 'drizzle-orm';
import { AppError } from '../../lib/errors';

/** Whether the user is Lotline staff (role `staff` or `admin`). */
export async function isStaff(db: Database, userId: string): Promise<boolean> {
  const [row] = await db.select({ roles: users.roles }).from(users).where(eq(users.id, userId));
  return row ? canReviewTaxExemptions(row.roles) : false;
}

export async function requireStaff(db: Database, userId: string): Promise<void> {
  if (!(await isStaff(db, userId))) throw new AppError('FORBIDDEN', 'Only Lotline staff can review tax exemptions.');
}
