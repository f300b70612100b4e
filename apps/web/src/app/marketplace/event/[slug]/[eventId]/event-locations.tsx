import type { EventLocation } from '@lotline/contracts';
import { EventMap, type MapLocation } from './event-map';
import styles from './event-page.module.css';

const regionNames = new Intl.DisplayNames('en', { type: 'region' });
const countryName = (code: string) => {
  try {
    return regionNames.of(code) ?? code;
  } catch {
    return code;
  }
};
const percent = (rate: number) => `${rate}%`;

/**
 * The Event Locations view (spec §2): the map, then the list grouped by
 * country with each location's city, region, 'Tax rate' and 'Asset Count'.
 * The list is server-rendered; the map is its one client island.
 */
export function EventLocations({
  locations,
  tiles,
}: {
  locations: EventLocation[];
  tiles: { url: string; attribution: string } | null;
}) {
  if (locations.length === 0) {
    return (
      <section className={`container ${styles.locations}`} aria-labelledby="event-locations-title">
        <h2 id="event-locations-title">Event Locations</h2>
        <p className={styles.muted}>This event has no locations listed.</p>
      </section>
    );
  }
  const byCountry = new Map<string, EventLocation[]>();
  for (const l of locations) byCountry.set(l.country, [...(byCountry.get(l.country) ?? []), l]);
  const onMap: MapLocation[] = locations.map((l) => ({
    id: l.dispositionLocationId,
    city: l.city,
    region: l.region,
    country: countryName(l.country),
    taxRate: percent(l.taxRate),
    lat: l.geoPoint[1],
    lon: l.geoPoint[0],
  }));
  return (
    <section className={`container ${styles.locations}`} aria-labelledby="event-locations-title">
      <h2 id="event-locations-title">Event Locations</h2>
      <EventMap locations={onMap} tiles={tiles} />
      {[...byCountry].map(([country, list]) => (
        <section key={country} className={styles.country} aria-labelledby={`country-${country}`}>
          <h3 id={`country-${country}`}>{countryName(country)}</h3>
          <ul className={styles.locationList}>
            {list.map((l) => (
              <li key={l.dispositionLocationId} className={styles.location} data-testid="event-location">
                <p className={styles.locationName}>
                  {l.city}, {l.region}
                </p>
                <dl className={styles.locationFacts}>
                  <div>
                    <dt>Tax rate</dt>
                    <dd>{percent(l.taxRate)}</dd>
                  </div>
                  <div>
                    <dt>Asset Count</dt>
                    <dd>{l.virtualAttributes?.eventLotsCount ?? 0}</dd>
                  </div>
                </dl>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </section>
  );
}
