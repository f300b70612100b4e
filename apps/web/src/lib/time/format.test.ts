import { CANADIAN_PROVINCES, US_STATES } from '@lotline/contracts';
import { describe, expect, it } from 'vitest';
import { displayZone, formatDateTime, formatDay, timeZoneOfVars } from './format';
import { eventTimeZone, placeTimeZone } from './region-zones';

// 21:00 UTC on 24 November 2026: 3:00 PM in Chicago (CST), 4:00 PM in New York, 1:00 PM in Los Angeles.
const AT = '2026-11-24T21:00:00.000Z';

describe('the one date-time formatter (issue 12)', () => {
  it('names the zone it shows, whichever it is', () => {
    expect(formatDateTime(AT, 'America/Chicago')).toBe('Nov 24, 2026, 3:00 PM CST');
    expect(formatDateTime(AT, 'America/New_York')).toBe('Nov 24, 2026, 4:00 PM EST');
    expect(formatDateTime(AT, 'UTC')).toBe('Nov 24, 2026, 9:00 PM UTC');
    // Summer time is the zone's own: Chicago in July is CDT.
    expect(formatDateTime('2026-07-01T20:00:00.000Z', 'America/Chicago')).toBe('Jul 1, 2026, 3:00 PM CDT');
  });

  it("shows a day as the zone's calendar day", () => {
    expect(formatDay('2026-11-25T03:00:00.000Z', 'America/Los_Angeles')).toBe('Nov 24, 2026');
    expect(formatDay('2026-11-25T03:00:00.000Z', 'UTC')).toBe('Nov 25, 2026');
  });

  it("the user's zone wins, else the event's, else UTC (named, never silent)", () => {
    expect(displayZone('Europe/Berlin', 'America/Chicago')).toBe('Europe/Berlin');
    expect(displayZone(null, 'America/Chicago')).toBe('America/Chicago');
    expect(displayZone('', 'America/Chicago')).toBe('America/Chicago');
    expect(displayZone(null, null)).toBe('UTC');
    // A zone the runtime does not know is passed over rather than thrown on.
    expect(displayZone('Mars/Olympus_Mons', 'America/Denver')).toBe('America/Denver');
    expect(formatDateTime(AT, displayZone(undefined, placeTimeZone({ country: 'US', region: 'TX' })))).toBe(
      'Nov 24, 2026, 3:00 PM CST',
    );
  });

  it('reads the timezone user var, ignoring unset or unknown values', () => {
    const vars = (value: unknown) => ({
      data: [
        { key: 'buyer_persona', value: 'Reseller' },
        { key: 'timezone', value },
      ],
    });
    expect(timeZoneOfVars(vars('America/Chicago'))).toBe('America/Chicago');
    expect(timeZoneOfVars(vars(''))).toBeNull();
    expect(timeZoneOfVars(vars('Not/AZone'))).toBeNull();
    expect(timeZoneOfVars({ data: [] })).toBeNull();
    expect(timeZoneOfVars(undefined)).toBeNull();
  });
});

describe("a place's and an event's local zone (decision 0030)", () => {
  it('maps US states and Canadian provinces to their zone', () => {
    expect(placeTimeZone({ country: 'US', region: 'IL' })).toBe('America/Chicago');
    expect(placeTimeZone({ country: 'US', region: 'CA' })).toBe('America/Los_Angeles');
    expect(placeTimeZone({ country: 'CA', region: 'ON' })).toBe('America/Toronto');
    expect(placeTimeZone({ country: 'CA', region: 'CA' })).toBeNull();
    expect(placeTimeZone({ country: 'MX', region: 'NL' })).toBeNull();
    expect(placeTimeZone(null)).toBeNull();
  });

  it("is the event's first location with a known zone", () => {
    expect(
      eventTimeZone([
        { country: 'US', region: '??' },
        { country: 'US', region: 'CO' },
        { country: 'US', region: 'NY' },
      ]),
    ).toBe('America/Denver');
    expect(eventTimeZone([])).toBeNull();
  });

  it('every state and province of the lists has a zone the runtime knows', () => {
    const places = [
      ...US_STATES.map(([region]) => ({ country: 'US', region })),
      ...CANADIAN_PROVINCES.map(([region]) => ({ country: 'CA', region })),
    ];
    for (const place of places) {
      const zone = placeTimeZone(place);
      expect(zone, `${place.country}-${place.region}`).not.toBeNull();
      expect(displayZone(null, zone)).toBe(zone);
    }
  });
});
