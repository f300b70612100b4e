import type { EventDetail } from '@lotline/contracts';

/**
 * "Add to Calendar" for an event's end (spec §2 "Event page"): a web calendar
 * link and an iCalendar (RFC 5545) file, both computed on the server render so
 * that using them never calls our server.
 */

export interface CalendarEntry {
  /** The event's id, for the entry's stable UID. */
  eventId: string;
  eventName: string;
  /** ISO 8601 UTC: the entry is the event's end. */
  endAt: string;
  /** The event page's absolute address. */
  url: string;
}

/**
 * The event page's entry: at the event's effective end (when its last lot
 * closes, staggered and extended closes included), not its scheduled one.
 */
export const eventCalendarEntry = (
  event: Pick<EventDetail, '_id' | 'name' | 'effectiveEndAt'>,
  url: string,
): CalendarEntry => ({ eventId: event._id, eventName: event.name, endAt: event.effectiveEndAt, url });

/** Spec §2: the entry's title. */
export const calendarTitle = (eventName: string) => `Auction - ${eventName}`;

/** 2026-11-22T05:00:00.000Z → 20261122T050000Z (the basic UTC form both formats take). */
export function calendarDateTime(iso: string): string {
  return new Date(iso)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/** Google Calendar's template address: a new entry at the event's end, titled "Auction - {event name}". */
export function googleCalendarUrl(entry: CalendarEntry): string {
  const at = calendarDateTime(entry.endAt);
  const params = new URLSearchParams({
    action: 'TEMPLATE',
    text: calendarTitle(entry.eventName),
    dates: `${at}/${at}`,
    details: entry.url,
  });
  return `https://calendar.google.com/calendar/render?${params.toString()}`;
}

/** RFC 5545 §3.3.11 TEXT: backslash, semicolon, comma and line breaks escaped. */
export function escapeIcsText(text: string): string {
  return text
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

const encoder = new TextEncoder();

/**
 * RFC 5545 §3.1: content lines longer than 75 octets are folded (CRLF and one
 * space). Folds fall between characters, never inside a UTF-8 sequence.
 */
export function foldIcsLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = encoder.encode(char).length;
    // Continuation lines start with a space, which counts toward their 75.
    const limit = parts.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/** The whole calendar file: one VEVENT at the event's end; lines end in CRLF. `now` is its DTSTAMP. */
export function icsCalendar(entry: CalendarEntry, now: Date, host: string): string {
  const at = calendarDateTime(entry.endAt);
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Lotline//Event page//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:event-${escapeIcsText(entry.eventId)}@${host}`,
    `DTSTAMP:${calendarDateTime(now.toISOString())}`,
    `DTSTART:${at}`,
    `DTEND:${at}`,
    `SUMMARY:${escapeIcsText(calendarTitle(entry.eventName))}`,
    `DESCRIPTION:${escapeIcsText(entry.url)}`,
    `URL:${entry.url}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(foldIcsLine).join('\r\n')}\r\n`;
}

/** The file as a `data:` address, so the download needs no request to our server. */
export const icsDataUrl = (ics: string) => `data:text/calendar;charset=utf-8,${encodeURIComponent(ics)}`;
