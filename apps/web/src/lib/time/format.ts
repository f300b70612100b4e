import { USER_VAR_VALUES, userVarsResponse } from '@lotline/contracts';

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

const formats = new Map<string, Intl.DateTimeFormat>();
function formatIn(kind: 'date-time' | 'day', timeZone: string): Intl.DateTimeFormat {
  const key = `${kind} ${timeZone}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(
      'en-US',
      kind === 'date-time'
        ? {
            year: 'numeric',
            month: 'short',
            day: 'numeric',
            hour: 'numeric',
            minute: '2-digit',
            timeZoneName: 'short',
            timeZone,
          }
        : { dateStyle: 'medium', timeZone },
    );
    formats.set(key, format);
  }
  return format;
}

/** A moment, e.g. "Nov 24, 2026, 3:00 PM CST": date, time and the zone's short name. */
export function formatDateTime(iso: string, timeZone: string): string {
  return formatIn('date-time', timeZone).format(new Date(iso));
}

/** A day, e.g. "Nov 24, 2026": the calendar day in the given zone (a day has no time to name a zone for). */
export function formatDay(iso: string, timeZone: string): string {
  return formatIn('day', timeZone).format(new Date(iso));
}

/** The `timezone` user var from a `GET …/vars` answer, or null when unset or not a zone. */
export function timeZoneOfVars(data: unknown): string | null {
  const parsed = userVarsResponse.safeParse(data);
  if (!parsed.success) return null;
  const zone = parsed.data.data.find((v) => v.key === 'timezone')?.value;
  return typeof zone === 'string' && zone !== '' && isTimeZone(zone) ? zone : null;
}
