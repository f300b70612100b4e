import type { Database } from '@lotline/db';
import { sessions, users } from '@lotline/db/schema';
import { APIError } from 'better-auth/api';
import { eq } from 'drizzle-orm';

/** The library error code for a disabled account; auth-errors.ts answers it as `403 ACCOUNT_DISABLED`. */
export const ACCOUNT_DISABLED = 'ACCOUNT_DISABLED';
export const ACCOUNT_DISABLED_MESSAGE = 'This account is disabled. Contact Lotline support.';

const refused = () => new APIError('FORBIDDEN', { code: ACCOUNT_DISABLED, message: ACCOUNT_DISABLED_MESSAGE });

/**
 * Session hooks for the auth library (decision 0075): a disabled user gets no
 * session. The check before creation is the answer sign-in gives (only after
 * the password was right, so it tells a guesser nothing). The check after it
 * closes the race with a disable running at the same moment: it waits on the
 * user row the disable holds (FOR SHARE), and deletes the new session when the
 * disable committed; a session committed before the disable is deleted by it.
 */
export function disabledAccountHooks(db: Database) {
  const isDisabled = async (userId: string, lock: boolean) => {
    const query = db.select({ disabled: users.disabled }).from(users).where(eq(users.id, userId));
    const [row] = lock ? await query.for('share') : await query;
    return row?.disabled === true;
  };
  return {
    create: {
      before: async (session: { userId: string }) => {
        if (await isDisabled(session.userId, false)) throw refused();
      },
      after: async (session: { id: string; userId: string }) => {
        if (!(await isDisabled(session.userId, true))) return;
        await db.delete(sessions).where(eq(sessions.id, session.id));
        throw refused();
      },
    },
  };
}
