import {
  type CalendarDateTime,
  parseAbsolute,
  toCalendarDateTime,
  toZoned,
  type ZonedDateTime,
} from '@internationalized/date';

/**
 * The event schedule's time zones (decision 0055). The API and the form's
 * posted value stay UTC ("2027-03-15T14:30", the minute the server action
 * already reads); the seller picks and reads the time in a zone of their choice.
 */

const UTC_MINUTE = /^\d{4}-\d\d-\d\dT\d\d:\d\d/;

/** A stored ISO instant or a posted UTC minute, shown in `timeZone`; null when empty or not a time. */
export function zonedFromUtc(utc: string, timeZone: string): ZonedDateTime | null {
  if (!UTC_MINUTE.test(utc)) return null;
  const iso = utc.length === 16 ? `${utc}:00Z` : utc;
  try {
    return parseAbsolute(iso, timeZone);
  } catch {
    return null;
  }
}

/** The UTC minute the form posts for a time picked in its zone: "2027-03-15T14:30". */
export const utcMinuteOf = (zoned: ZonedDateTime) => zoned.toAbsoluteString().slice(0, 16);

/** What the field says under itself: the same instant in UTC, e.g. "15 Mar 2027, 14:30 UTC". */
export function utcLabelOf(zoned: ZonedDateTime): string {
  const text = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'UTC',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(zoned.toDate());
  return `${text} UTC`;
}

/**
 * Another zone chosen: the seller meant the wall-clock time they typed, so it
 * stays and the instant moves (a time that does not exist there, in a
 * daylight-saving gap, moves to the next one that does).
 */
export function rezone(zoned: ZonedDateTime | CalendarDateTime, timeZone: string): ZonedDateTime {
  return toZoned('timeZone' in zoned ? toCalendarDateTime(zoned) : zoned, timeZone, 'later');
}

/** The zones offered: UTC first, then every IANA zone the runtime knows. */
export function timeZones(): string[] {
  return ['UTC', ...Intl.supportedValuesOf('timeZone').filter((z) => z !== 'UTC')];
}
