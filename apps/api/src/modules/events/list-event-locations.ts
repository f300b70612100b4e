import type { EventLocation, EventLocationsResponse } from '@lotline/contracts';
import type { Database } from '@lotline/db';
import { dispositionLocations, eventLots } from '@lotline/db/schema';
import { and, asc, count, eq, isNotNull, sql } from 'drizzle-orm';
import { listedLotCondition } from '../lots/visibility';
import { findPublicEvent } from './find-public-event';

export interface EventLocationsOptions {
  /** Adds virtualAttributes.eventLotsCount; only when asked (contract §3), as it costs a count. */
  eventLotsCount: boolean;
}

/**
 * An event's disposition locations (contract §3). Ordered by country, region,
 * city then id, since the page groups them by country. `eventLotsCount` counts
 * the same lots a category's totalDocCount does (listedLotCondition).
 */
export async function locationsOfEvent(
  db: Database,
  eventId: string,
  options: EventLocationsOptions,
  now: Date = new Date(),
): Promise<EventLocation[]> {
  const rows = await db
    .select({
      id: dispositionLocations.id,
      city: dispositionLocations.city,
      region: dispositionLocations.region,
      country: dispositionLocations.country,
      taxRate: dispositionLocations.taxRate,
      lat: dispositionLocations.lat,
      lon: dispositionLocations.lon,
    })
    .from(dispositionLocations)
    .where(eq(dispositionLocations.eventId, eventId))
    .orderBy(
      // The country enum sorts in declaration order (US first); the list is alphabetical.
      sql`${dispositionLocations.country}::text`,
      asc(dispositionLocations.region),
      asc(dispositionLocations.city),
      asc(dispositionLocations.id),
    );
  const counts = options.eventLotsCount && rows.length > 0 ? await countByLocation(db, eventId, now) : undefined;
  return rows.map((r) => ({
    dispositionLocationId: r.id,
    city: r.city,
    region: r.region,
    country: r.country,
    taxRate: r.taxRate,
    geoPoint: [r.lon, r.lat] as [number, number],
    ...(counts ? { virtualAttributes: { eventLotsCount: counts.get(r.id) ?? 0 } } : {}),
  }));
}

async function countByLocation(db: Database, eventId: string, now: Date): Promise<Map<string, number>> {
  const rows = await db
    .select({ id: eventLots.dispositionLocationId, n: count() })
    .from(eventLots)
    .where(and(eq(eventLots.eventId, eventId), isNotNull(eventLots.dispositionLocationId), listedLotCondition(now)))
    .groupBy(eventLots.dispositionLocationId);
  return new Map(rows.map((r) => [r.id as string, r.n]));
}

/** GET …/events/{eventId}/event-locations: a draft or unknown event is NOT_FOUND. */
export async function listEventLocations(
  db: Database,
  eventId: string,
  options: EventLocationsOptions,
): Promise<EventLocationsResponse> {
  await findPublicEvent(db, eventId);
  return { eventLocations: await locationsOfEvent(db, eventId, options) };
}
