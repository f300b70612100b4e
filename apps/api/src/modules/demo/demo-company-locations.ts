import type { Database } from '@lotline/db';
import { companies, companyMembers, dispositionLocations, events } from '@lotline/db/schema';
import { and, asc, eq } from 'drizzle-orm';
import { addCompanyLocation } from '../seller-company/company-locations';

export interface DemoCompanyLocationsDeps {
  db: Database;
  log: (message: string) => void;
}

/**
 * Demo state of the company page's Locations (decision 0054), through the real
 * use-case: each featured seller's owner saves the places its events' assets
 * sit (one per city, the event's tax rate), so an event's "Add this location"
 * has something to offer.
 */
export async function demoCompanyLocations(deps: DemoCompanyLocationsDeps): Promise<void> {
  const rows = await deps.db
    .selectDistinctOn([companies.id, dispositionLocations.city, dispositionLocations.region], {
      companyId: companies.id,
      city: dispositionLocations.city,
      region: dispositionLocations.region,
      country: dispositionLocations.country,
      taxRate: dispositionLocations.taxRate,
      lat: dispositionLocations.lat,
      lon: dispositionLocations.lon,
    })
    .from(companies)
    .innerJoin(events, eq(events.companyId, companies.id))
    .innerJoin(dispositionLocations, eq(dispositionLocations.eventId, events.id))
    .where(eq(companies.featured, true))
    .orderBy(
      asc(companies.id),
      asc(dispositionLocations.city),
      asc(dispositionLocations.region),
      asc(dispositionLocations.id),
    );
  const owners = new Map<string, string>();
  let saved = 0;
  for (const { companyId, ...location } of rows) {
    if (!owners.has(companyId)) {
      const [owner] = await deps.db
        .select({ userId: companyMembers.userId })
        .from(companyMembers)
        .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.role, 'owner')))
        .orderBy(asc(companyMembers.userId))
        .limit(1);
      owners.set(companyId, owner?.userId ?? '');
    }
    const ownerId = owners.get(companyId);
    if (!ownerId) continue;
    await addCompanyLocation(deps.db, ownerId, companyId, location);
    saved++;
  }
  deps.log(`Demo company locations: ${saved} saved`);
}
