import type { Database } from '@lotline/db';
import { users } from '@lotline/db/schema';
import { eq } from 'drizzle-orm';
import { AppError } from '../../lib/errors';

/** Contract §1: `{userId}` must be the signed-in user's id, except for an admin, who may read any. */
export async function authorizeUserPath(db: Database, sessionUserId: string, pathUserId: string): Promise<void> {
  if (sessionUserId === pathUserId) return;
  const [row] = await db.select({ roles: users.roles }).from(users).where(eq(users.id, sessionUserId));
  if (!row?.roles.includes('admin')) throw new AppError('FORBIDDEN', 'You can only see your own account.');
}

/** A change under `{userId}` is the signed-in user's own: not even an admin edits another person's account here. */
export function authorizeOwnUserPath(sessionUserId: string, pathUserId: string): void {
  if (sessionUserId !== pathUserId) throw new AppError('FORBIDDEN', 'You can only change your own account.');
}
