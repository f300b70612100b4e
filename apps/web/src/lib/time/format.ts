import { USER_VAR_VALUES, userVarsResponse } from '@lotline/contracts';

export { formatDateTime, formatDay } from './format-date';

/**
 * Every date and time a page shows goes through here (issue 12): in the
 * user's time zone (Preferences, user var `timezone`) when they set one, else
 * in the event's local zone, else in UTC, and always with the zone named
 * ("Nov 24, 2026, 3:00 PM CST"), so that no time is silently in one zone.
 */

export const FALLBACK_TIME_ZONE = 'UTC';

/** True for a zone name the runtime knows (an IANA name like America/Chicago, or UTC): the Preferences rule. */
export const isTimeZone = (zone: string) => USER_VAR_VALUES.timezone.safeParse(zone).success;

/** The zone to show times in: the user's, else the place's (the event's local time), else UTC. */
export function displayZone(userZone?: string | null, placeZone?: string | null): string {
  for (const zone of [userZone, placeZone]) if (zone && isTimeZone(zone)) return zone;
  return FALLBACK_TIME_ZONE;
}

/** The `timezone` user var from a `GET …/vars` answer, or null when unset or not a zone. */
export function timeZoneOfVars(data: unknown): string | null {
  const parsed = userVarsResponse.safeParse(data);
  if (!parsed.success) return null;
  const zone = parsed.data.data.find((v) => v.key === 'timezone')?.value;
  return typeof zone === 'string' && zone !== '' && isTimeZone(zone) ? zone : null;
}
