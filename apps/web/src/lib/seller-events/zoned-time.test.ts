import { CalendarDateTime } from '@internationalized/date';
import { describe, expect, it } from 'vitest';
import { rezone, timeZones, utcLabelOf, utcMinuteOf, zonedFromUtc } from './zoned-time';

describe('the schedule time zones', () => {
  it('stores a time picked in Chicago as its UTC instant, daylight saving included', () => {
    // 14 March 2027 clocks go forward in Chicago: CDT is UTC−5, CST (January) UTC−6.
    expect(utcMinuteOf(rezone(new CalendarDateTime(2027, 3, 15, 9, 30), 'America/Chicago'))).toBe('2027-03-15T14:30');
    expect(utcMinuteOf(rezone(new CalendarDateTime(2027, 1, 15, 9, 30), 'America/Chicago'))).toBe('2027-01-15T15:30');
    expect(utcMinuteOf(rezone(new CalendarDateTime(2027, 6, 1, 0, 15), 'Asia/Kolkata'))).toBe('2027-05-31T18:45');
  });

  it('shows a stored instant (ISO or the posted minute) in the chosen zone', () => {
    const zoned = zonedFromUtc('2027-03-15T14:30:45.000Z', 'America/Chicago');
    expect([zoned?.hour, zoned?.minute, zoned?.second]).toEqual([9, 30, 45]);
    expect(zonedFromUtc('2027-03-15T14:30', 'Europe/Berlin')?.hour).toBe(15);
    expect(zonedFromUtc('', 'UTC')).toBeNull();
    expect(zonedFromUtc('next week', 'UTC')).toBeNull();
  });

  it('keeps the wall-clock time when the zone changes, and skips a daylight-saving gap forward', () => {
    const berlin = rezone(new CalendarDateTime(2027, 7, 1, 10, 0), 'Europe/Berlin');
    expect(utcMinuteOf(berlin)).toBe('2027-07-01T08:00');
    const tokyo = rezone(berlin, 'Asia/Tokyo');
    expect([tokyo.hour, utcMinuteOf(tokyo)]).toEqual([10, '2027-07-01T01:00']);
    // 02:30 on 14 March 2027 does not exist in New York: the next real minute is 03:30 EDT (07:30 UTC).
    expect(utcMinuteOf(rezone(new CalendarDateTime(2027, 3, 14, 2, 30), 'America/New_York'))).toBe('2027-03-14T07:30');
  });

  it('says the UTC equivalent, and offers UTC first among the IANA zones', () => {
    expect(utcLabelOf(rezone(new CalendarDateTime(2027, 3, 15, 9, 30), 'America/Chicago'))).toBe(
      '15 Mar 2027, 14:30 UTC',
    );
    const zones = timeZones();
    expect(zones[0]).toBe('UTC');
    expect(zones).toContain('America/Chicago');
    expect(zones.filter((z) => z === 'UTC')).toHaveLength(1);
  });
});
