import type { Me } from '@lotline/contracts';
import type { Database } from '@lotline/db';
import { users } from '@lotline/db/schema';
import { eq } from 'drizzle-orm';
import { AppError } from '../../lib/errors';

/** The contract's `{id, email, name, roles, verified}` for a user id. */
export async function getMe(db: Database, userId: string): Promise<Me> {
  const [row] = await db
    .select({ id: users.id, email: users.email, name: users.name, roles: users.roles, verified: users.verified })
    .from(users)
    .where(eq(users.id, userId));
  // A session whose user is gone is no session.
  if (!row) throw new AppError('UNAUTHENTICATED', 'Sign in to continue.');
  return row;
}
