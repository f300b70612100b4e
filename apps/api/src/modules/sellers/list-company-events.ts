import type { CompanyEventsQuery, EventSearchResponse } from '@lotline/contracts';
import type { Database } from '@lotline/db';
import { events } from '@lotline/db/schema';
import { eq } from 'drizzle-orm';
import { searchEvents } from '../search/search-events';
import { getCompany } from './get-company';

/**
 * A seller's events (the seller page, spec §2): the visible events of the
 * events tab (same rules, cards and order: ending soonest first), kept to one
 * company. An unknown company is 404, not an empty list.
 */
export async function listCompanyEvents(
  db: Database,
  companyId: string,
  query: CompanyEventsQuery,
  now: Date = new Date(),
): Promise<EventSearchResponse> {
  await getCompany(db, { id: companyId });
  return searchEvents(
    db,
    { ...query, 'sale-format': 'all', sort: 'ending-soon' },
    now,
    eq(events.companyId, companyId),
  );
}
