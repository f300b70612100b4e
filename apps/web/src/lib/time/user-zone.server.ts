import 'server-only';
import { cache } from 'react';
import { callApi } from '../auth/api-call.server';
import { getCurrentUser } from '../auth/current-user.server';
import { timeZoneOfVars } from './format';

/** The signed-in user's time zone (Preferences), or null for a visitor or a user who chose none; once per render. */
export const getUserTimeZone = cache(async (): Promise<string | null> => {
  const user = await getCurrentUser();
  if (!user) return null;
  const answer = await callApi<unknown>('GET', `/marketplace-api/users/${encodeURIComponent(user.id)}/vars`);
  return answer.ok ? timeZoneOfVars(answer.data) : null;
});
