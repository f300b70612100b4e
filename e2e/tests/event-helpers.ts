import { type APIRequestContext, expect } from '@playwright/test';

/**
 * The demo events the event-page specs work on. Each browser project works
 * on the event of a different seller, so the two projects never share a
 * thread or a watch.
 */

/** The sellers whose first events the event-page specs work on; other specs keep off them. */
export const SELLER_SLUGS = [
  'midwest-industrial',
  'gulf-coast-asset-recovery',
  'northern-lab-exchange',
  'pacific-fleet-remarketing',
  'keystone-machinery-auctions',
  'prairie-heavy-equipment',
];

export interface DemoEvent {
  id: string;
  name: string;
  path: string;
  seller: { slug: string; id: string; name: string };
  terms: { type: string; text: string }[];
  status: string;
  endAt: string;
  /** When its last lot closes (a staggered or soft close runs past `endAt`): what the countdown and calendar show. */
  effectiveEndAt: string;
  lotsCount: number;
  attachments: { url: string; description: string }[];
  locations: { city: string; region: string; country: string; taxRate: number }[];
}

const slug = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

/** Buyer-visible events of sellers that have a seller user, one per seller, in a stable order. */
export async function demoEvents(request: APIRequestContext): Promise<DemoEvent[]> {
  const ids = new Set<string>();
  for (let pageNumber = 1; pageNumber <= 6; pageNumber++) {
    const answer = await request.get(`/marketplace/api/event/event-lots?pageSize=100&pageNumber=${pageNumber}`);
    for (const lot of (await answer.json()).data.eventLots as { _source: { eventId: string | null } }[])
      if (lot._source.eventId) ids.add(lot._source.eventId);
  }
  const bySeller = new Map<string, DemoEvent>();
  // Seeded events only (`evt_…`): the seller-console specs make events of these sellers (`ev_…`) as they run.
  for (const id of [...ids].filter((i) => i.startsWith('evt_')).sort()) {
    const event = (await (await request.get(`/marketplace/api/event/events/${id}`)).json()).data.event;
    const seller = event.company;
    if (!SELLER_SLUGS.includes(seller.slug) || bySeller.has(seller.slug)) continue;
    if (!['published', 'view-only', 'finalized'].includes(event.status)) continue;
    bySeller.set(seller.slug, {
      id: event._id,
      name: event.name,
      path: `/marketplace/event/${slug(event.name)}/${event._id}`,
      seller: { slug: seller.slug, id: seller._id, name: seller.displayName ?? seller.name },
      terms: event.terms,
      status: event.status,
      endAt: event.endAt,
      effectiveEndAt: event.effectiveEndAt,
      lotsCount: event.lotsCount,
      attachments: event.attachments,
      locations: event.locations,
    });
  }
  return [...bySeller.values()].sort((a, b) => a.seller.slug.localeCompare(b.seller.slug));
}

type EndedEvent = Pick<DemoEvent, 'id' | 'name' | 'path' | 'status' | 'endAt' | 'lotsCount'>;

/**
 * A buyer-visible event that has ended, its last lot closed too, and has lots, from the events search (the seed
 * always has past events: the "past" group of packages/db/src/seed/event-schedule.ts); the test fails if there is
 * none. Search calls an event past at its scheduled end, while a staggered close may still be running.
 */
export async function endedEvent(request: APIRequestContext): Promise<EndedEvent> {
  const answer = await request.get('/marketplace/api/search/events?status=past&page-size=60');
  expect(answer.status()).toBe(200);
  const hits: (Omit<EndedEvent, 'id' | 'path'> & { _id: string })[] = (await answer.json()).data.events;
  for (const hit of hits.filter((e) => Date.parse(e.endAt) < Date.now() && e.lotsCount > 0)) {
    const detail = await request.get(`/marketplace/api/event/events/${encodeURIComponent(hit._id)}`);
    if (Date.parse((await detail.json()).data.event.effectiveEndAt) >= Date.now()) continue;
    const { _id: id, ...rest } = hit;
    return { id, path: `/marketplace/event/${slug(hit.name)}/${id}`, ...rest };
  }
  throw new Error(`no demo event that has ended, with lots (of ${hits.length} past events)`);
}

export async function eventFor(request: APIRequestContext, project: string): Promise<DemoEvent> {
  const events = await demoEvents(request);
  const event = events[project === 'phone' ? 1 : 0];
  if (!event) throw new Error(`no demo event with a seller user (found ${events.length})`);
  return event;
}
