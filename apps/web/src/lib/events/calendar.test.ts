import { describe, expect, it } from 'vitest';
import { escapeIcsText, eventCalendarEntry, foldIcsLine, googleCalendarUrl, icsCalendar, icsDataUrl } from './calendar';

const entry = {
  eventId: 'evt_1',
  eventName: 'Plant closure, lines; tools\\dies',
  endAt: '2026-12-01T17:30:00.000Z',
  url: 'https://lotline.example/marketplace/event/plant-closure/evt_1',
};
const encoder = new TextEncoder();

describe('eventCalendarEntry', () => {
  it('is at the event’s effective end (its last lot’s close), not its scheduled one', () => {
    const event = {
      _id: 'evt_1',
      name: 'Plant closure',
      endAt: '2026-12-01T17:00:00.000Z',
      effectiveEndAt: entry.endAt,
    };
    expect(eventCalendarEntry(event, entry.url)).toEqual({ ...entry, eventName: 'Plant closure' });
    const url = new URL(googleCalendarUrl(eventCalendarEntry(event, entry.url)));
    expect(url.searchParams.get('dates')).toBe('20261201T173000Z/20261201T173000Z');
  });
});

describe('googleCalendarUrl', () => {
  it('opens a template entry at the end, titled "Auction - {event name}"', () => {
    const url = new URL(googleCalendarUrl(entry));
    expect(url.origin + url.pathname).toBe('https://calendar.google.com/calendar/render');
    expect(url.searchParams.get('action')).toBe('TEMPLATE');
    expect(url.searchParams.get('text')).toBe('Auction - Plant closure, lines; tools\\dies');
    expect(url.searchParams.get('dates')).toBe('20261201T173000Z/20261201T173000Z');
    expect(url.searchParams.get('details')).toBe(entry.url);
  });
});

describe('icsCalendar (RFC 5545)', () => {
  const ics = icsCalendar(entry, new Date('2026-11-22T05:00:00.000Z'), 'lotline.example');

  it('is one VEVENT at the end, with CRLF line ends only', () => {
    expect(ics.endsWith('\r\n')).toBe(true);
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    const lines = ics.split('\r\n');
    expect(lines.slice(0, 6)).toEqual([
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//Lotline//Event page//EN',
      'CALSCALE:GREGORIAN',
      'METHOD:PUBLISH',
      'BEGIN:VEVENT',
    ]);
    expect(lines).toContain('UID:event-evt_1@lotline.example');
    expect(lines).toContain('DTSTAMP:20261122T050000Z');
    expect(lines).toContain('DTSTART:20261201T173000Z');
    expect(lines).toContain('DTEND:20261201T173000Z');
    expect(lines).toContain('SUMMARY:Auction - Plant closure\\, lines\\; tools\\\\dies');
    expect(lines.slice(-3)).toEqual(['END:VEVENT', 'END:VCALENDAR', '']);
  });

  it('escapes text and folds long lines at 75 octets without splitting a character', () => {
    expect(escapeIcsText('a\\b;c,d\ne\r\nf')).toBe('a\\\\b\\;c\\,d\\ne\\nf');
    const long = `SUMMARY:${'é'.repeat(60)}`;
    const folded = foldIcsLine(long);
    const parts = folded.split('\r\n');
    expect(parts.length).toBeGreaterThan(1);
    for (const part of parts) expect(encoder.encode(part).length).toBeLessThanOrEqual(75);
    for (const part of parts.slice(1)) expect(part.startsWith(' ')).toBe(true);
    expect(parts.map((p, i) => (i === 0 ? p : p.slice(1))).join('')).toBe(long);
    expect(foldIcsLine('SHORT:x')).toBe('SHORT:x');
  });

  it('travels as a data: address that decodes back to the same file', () => {
    const url = icsDataUrl(ics);
    expect(url.startsWith('data:text/calendar;charset=utf-8,')).toBe(true);
    expect(decodeURIComponent(url.slice(url.indexOf(',') + 1))).toBe(ics);
  });
});
