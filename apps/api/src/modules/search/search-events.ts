import {
  type EventSearchHit,
  type EventSearchQuery,
  type EventSearchResponse,
  type EventSearchStatus,
  PUBLIC_EVENT_STATUSES,
} from '@lotline/contracts';
import type { Database } from '@lotline/db';
import { companies, dispositionLocations, eventLots, events } from '@lotline/db/schema';
import { and, asc, count, desc, eq, gt, ilike, inArray, lte, ne, or, type SQL, sql } from 'drizzle-orm';
import { paginationOf } from '../../lib/pagination';
import { listedLotCondition } from '../lots/visibility';

const EVENT_ORDER = {
  'ending-soon': [asc(events.endAt)],
  recent: [desc(events.startAt)],
  sequence: [asc(events.startAt)],
} as const;

/**
 * The events tab of the browse page (browse=events). Three round trips
 * whatever the page size: the page with its total, then the lot counts and
 * the locations of that page's events, each one grouped query. `scope` is a
 * condition the caller fixes on top (e.g. one seller's events).
 */
export async function searchEvents(
  db: Database,
  query: EventSearchQuery,
  now: Date = new Date(),
  scope?: SQL,
): Promise<EventSearchResponse> {
  const where = and(...eventSearchConditions(query, now), scope);
  const request = { pageNumber: query.page, pageSize: query['page-size'] };
  const offset = (query.page - 1) * query['page-size'];

  const rows = await db
    .select({
      id: events.id,
      name: events.name,
      title: events.title,
      status: events.status,
      startAt: events.startAt,
      endAt: events.endAt,
      saleFormat: events.saleFormat,
      depositAmount: events.bidDepositAmount,
      depositCurrency: events.bidDepositCurrency,
      companyId: companies.id,
      companySlug: companies.slug,
      companyName: companies.name,
      companyDisplayName: companies.displayName,
      companyLogoUrl: companies.logoUrl,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(events)
    .innerJoin(companies, eq(companies.id, events.companyId))
    .where(where)
    // The id makes pages stable between requests.
    .orderBy(...EVENT_ORDER[query.sort], asc(events.id))
    .limit(query['page-size'])
    .offset(offset);

  const total = rows[0]?.total ?? (offset > 0 ? await countEvents(db, where) : 0);
  const ids = rows.map((r) => r.id);
  const [lotCounts, locations] = await Promise.all([lotCountsOf(db, ids, now), locationsOf(db, ids)]);

  const hits: EventSearchHit[] = rows.map((r) => ({
    _id: r.id,
    name: r.name,
    title: r.title,
    status: r.status,
    startAt: r.startAt.toISOString(),
    endAt: r.endAt.toISOString(),
    saleFormat: r.saleFormat,
    company: {
      _id: r.companyId,
      slug: r.companySlug,
      name: r.companyName,
      displayName: r.companyDisplayName,
      logoUrl: r.companyLogoUrl,
    },
    lotsCount: lotCounts.get(r.id) ?? 0,
    bidDeposit:
      r.depositAmount !== null && r.depositCurrency !== null
        ? { amount: r.depositAmount, currency: r.depositCurrency }
        : null,
    locations: locations.get(r.id) ?? [],
  }));
  return { events: hits, pagination: paginationOf(request, total) };
}

/**
 * Visible events only (spec §5: view-only, published or finalized; private
 * sales excluded), then the tab's filters. The status windows mirror the lot
 * statuses: an event is past once finalized or past its end.
 */
export function eventSearchConditions(query: EventSearchQuery, now: Date): SQL[] {
  const conditions: SQL[] = [inArray(events.status, [...PUBLIC_EVENT_STATUSES]), eq(events.privateSale, false)];
  if (query.status) conditions.push(statusCondition(query.status, now));
  if (query['sale-format'] !== 'all') conditions.push(eq(events.saleFormat, query['sale-format']));
  // The sale format enum of events still knows buy-now; the events tab never shows it.
  else conditions.push(ne(events.saleFormat, 'buy-now'));
  if (query.keyword) {
    const pattern = `%${escapeLike(query.keyword)}%`;
    conditions.push(or(ilike(events.name, pattern), ilike(events.title, pattern)) as SQL);
  }
  return conditions;
}

function statusCondition(status: EventSearchStatus, now: Date): SQL {
  const open = and(ne(events.status, 'finalized'), gt(events.endAt, now)) as SQL;
  switch (status) {
    case 'active':
      return and(open, lte(events.startAt, now)) as SQL;
    case 'upcoming':
      return and(open, gt(events.startAt, now)) as SQL;
    case 'active-and-upcoming':
      return open;
    case 'past':
      return or(eq(events.status, 'finalized'), lte(events.endAt, now)) as SQL;
  }
}

/** The keyword is matched literally: % and _ typed by a user are not wildcards. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

async function countEvents(db: Database, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ n: count() }).from(events).where(where);
  return row?.n ?? 0;
}

/** Lots a buyer can see, per event; the events are already visible, so only the lot rules apply. */
async function lotCountsOf(db: Database, eventIds: string[], now: Date): Promise<Map<string, number>> {
  if (eventIds.length === 0) return new Map();
  const rows = await db
    .select({ eventId: eventLots.eventId, n: count() })
    .from(eventLots)
    .where(and(inArray(eventLots.eventId, eventIds), listedLotCondition(now)))
    .groupBy(eventLots.eventId);
  return new Map(rows.map((r) => [r.eventId ?? '', r.n]));
}

type Place = { city: string; region: string; country: string };

async function locationsOf(db: Database, eventIds: string[]): Promise<Map<string, Place[]>> {
  const byEvent = new Map<string, Place[]>();
  if (eventIds.length === 0) return byEvent;
  const rows = await db
    .select({
      eventId: dispositionLocations.eventId,
      city: dispositionLocations.city,
      region: dispositionLocations.region,
      country: dispositionLocations.country,
    })
    .from(dispositionLocations)
    .where(inArray(dispositionLocations.eventId, eventIds))
    .orderBy(
      asc(dispositionLocations.eventId),
      asc(dispositionLocations.country),
      asc(dispositionLocations.region),
      asc(dispositionLocations.city),
    );
  for (const { eventId, ...place } of rows) {
    if (!eventId) continue;
    const list = byEvent.get(eventId);
    if (list) list.push(place);
    else byEvent.set(eventId, [place]);
  }
  return byEvent;
}
