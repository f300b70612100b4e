'use server';

import { BUYER_PERSONAS, NOTIFICATION_SETTINGS, USER_VAR_VALUES } from '@lotline/contracts';
import { revalidatePath } from 'next/cache';
import { callApi } from '../auth/api-call.server';
import { getCurrentUser } from '../auth/current-user.server';
import { emptyForm, type FormState, formValues } from '../auth/form-state';
import { ACCOUNT_PATH } from '../routes';

/**
 * Saves the Preferences section: buyer persona, notification settings, SMS
 * and time zone (spec §3 user vars), one PUT per var. Each value is checked
 * with the contract's schema first; the API recomputes verification when the
 * persona changes.
 */
export async function savePreferencesAction(_: FormState, form: FormData): Promise<FormState> {
  const values = formValues(form, ['buyer_persona', 'timezone']);
  const persona = USER_VAR_VALUES.buyer_persona.safeParse(values.buyer_persona);
  const fieldErrors: Record<string, string> = {};
  if (!persona.success) fieldErrors.buyer_persona = `Choose one of: ${BUYER_PERSONAS.join(', ')}.`;
  const zone = values.timezone ? USER_VAR_VALUES.timezone.safeParse(values.timezone) : undefined;
  if (zone && !zone.success) fieldErrors.timezone = zone.error.issues[0]?.message ?? 'Choose a time zone.';
  if (Object.keys(fieldErrors).length > 0) return { fieldErrors, values };

  const user = await getCurrentUser();
  if (!user) return { ...emptyForm, values, error: 'Your session has ended. Sign in again to change preferences.' };
  const base = `/marketplace-api/users/${encodeURIComponent(user.id)}/vars`;
  const current = await callApi<{ data: { key: string; value: unknown }[] }>('GET', base);
  const previous = current.data?.data.find((v) => v.key === 'notification_settings')?.value;
  // Settings the page does not show are kept as they were.
  const notifications: Record<string, boolean> = {
    ...(previous && typeof previous === 'object' ? (previous as Record<string, boolean>) : {}),
  };
  for (const [name] of NOTIFICATION_SETTINGS) notifications[name] = form.get(`notify-${name}`) === 'on';

  const changes: [string, unknown][] = [
    ['buyer_persona', persona.data],
    ['notification_settings', notifications],
    ['auction-sms-notification', form.get('auction-sms-notification') === 'on'],
  ];
  if (zone?.success) changes.push(['timezone', zone.data]);
  for (const [key, value] of changes) {
    const answer = await callApi('PUT', `${base}/${encodeURIComponent(key)}`, { value });
    if (!answer.ok) return { ...emptyForm, values, error: answer.error?.message };
  }
  revalidatePath(ACCOUNT_PATH);
  return { ...emptyForm, success: 'Preferences saved.' };
}
