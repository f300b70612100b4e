import type { NotificationSetting } from '@lotline/contracts';
import type { Executor } from '@lotline/db';
import { userVars } from '@lotline/db/schema';
import { and, eq } from 'drizzle-orm';

/**
 * Whether the user wants the e-mail of one notification setting (Account
 * Preferences, `notification_settings` user var). Unset means on, as the
 * preferences page shows it; only an explicit `false` turns it off.
 */
export async function wantsNotification(db: Executor, userId: string, setting: NotificationSetting): Promise<boolean> {
  const [row] = await db
    .select({ value: userVars.value })
    .from(userVars)
    .where(and(eq(userVars.userId, userId), eq(userVars.key, 'notification_settings')));
  return settingOn(row?.value, setting);
}

/** The rule on the var's stored value (absent, or not an object: everything on). */
export function settingOn(settings: unknown, setting: NotificationSetting): boolean {
  if (typeof settings !== 'object' || settings === null) return true;
  return (settings as Record<string, unknown>)[setting] !== false;
}
