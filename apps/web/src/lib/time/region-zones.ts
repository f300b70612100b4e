import type { Country } from '@lotline/contracts';

/**
 * The local time zone of each US state and Canadian province or territory
 * (decision 0030): the IANA zone where most of its people live. Events and
 * lots carry a place (country and region code), not a zone; a state split
 * between two zones (Texas's El Paso, Florida's panhandle, Idaho's north…)
 * shows its majority zone, always named, so a reader in the other part can
 * still tell.
 */
const ZONES: Record<Country, Record<string, string>> = {
  US: {
    AL: 'America/Chicago',
    AK: 'America/Anchorage',
    AZ: 'America/Phoenix',
    AR: 'America/Chicago',
    CA: 'America/Los_Angeles',
    CO: 'America/Denver',
    CT: 'America/New_York',
    DE: 'America/New_York',
    DC: 'America/New_York',
    FL: 'America/New_York',
    GA: 'America/New_York',
    HI: 'Pacific/Honolulu',
    ID: 'America/Boise',
    IL: 'America/Chicago',
    IN: 'America/Indiana/Indianapolis',
    IA: 'America/Chicago',
    KS: 'America/Chicago',
    KY: 'America/New_York',
    LA: 'America/Chicago',
    ME: 'America/New_York',
    MD: 'America/New_York',
    MA: 'America/New_York',
    MI: 'America/Detroit',
    MN: 'America/Chicago',
    MS: 'America/Chicago',
    MO: 'America/Chicago',
    MT: 'America/Denver',
    NE: 'America/Chicago',
    NV: 'America/Los_Angeles',
    NH: 'America/New_York',
    NJ: 'America/New_York',
    NM: 'America/Denver',
    NY: 'America/New_York',
    NC: 'America/New_York',
    ND: 'America/Chicago',
    OH: 'America/New_York',
    OK: 'America/Chicago',
    OR: 'America/Los_Angeles',
    PA: 'America/New_York',
    RI: 'America/New_York',
    SC: 'America/New_York',
    SD: 'America/Chicago',
    TN: 'America/Chicago',
    TX: 'America/Chicago',
    UT: 'America/Denver',
    VT: 'America/New_York',
    VA: 'America/New_York',
    WA: 'America/Los_Angeles',
    WV: 'America/New_York',
    WI: 'America/Chicago',
    WY: 'America/Denver',
  },
  CA: {
    AB: 'America/Edmonton',
    BC: 'America/Vancouver',
    MB: 'America/Winnipeg',
    NB: 'America/Moncton',
    NL: 'America/St_Johns',
    NS: 'America/Halifax',
    NT: 'America/Edmonton',
    NU: 'America/Iqaluit',
    ON: 'America/Toronto',
    PE: 'America/Halifax',
    QC: 'America/Toronto',
    SK: 'America/Regina',
    YT: 'America/Whitehorse',
  },
};

export interface Place {
  region: string;
  country: string;
}

/** The zone of a place, or null when its country or region is not one of the lists. */
export function placeTimeZone(place: Place | null | undefined): string | null {
  if (!place) return null;
  return (ZONES as Record<string, Record<string, string> | undefined>)[place.country]?.[place.region] ?? null;
}

/** An event's local zone: that of its first location with a known zone (its locations are listed in order). */
export function eventTimeZone(locations: readonly Place[]): string | null {
  for (const location of locations) {
    const zone = placeTimeZone(location);
    if (zone) return zone;
  }
  return null;
}
