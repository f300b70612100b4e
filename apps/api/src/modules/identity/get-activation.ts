import type { Database } from '@lotline/db';
import { users } from '@lotline/db/schema';
import { eq } from 'drizzle-orm';
import { AppError } from '../../lib/errors';

/** Activation is the confirmed e-mail address (spec §4 isActivated). */
export async function getActivation(db: Database, userId: string): Promise<{ completed: boolean }> {
  const [row] = await db.select({ completed: users.emailVerified }).from(users).where(eq(users.id, userId));
  if (!row) throw AppError.notFound('No such user.');
  return row;
}
