/**
 * Formatting a moment in a given zone, without the zone rules of `format.ts`
 * (which read the contracts' schemas): client components import this file so
 * no zod reaches the browser (decision 0024).
 */

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
