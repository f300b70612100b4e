import type { APIRequestContext, BrowserContext } from '@playwright/test';

/** Shared by the cards-*.spec.ts files: finding seeded lots through the API and setting the lots_viewed cookie. */

export interface ApiLot {
  _id: string;
  _source: {
    name: string;
    type: 'AuctionLot' | 'BuyItNowItem' | 'TenderLot';
    status: string;
    bestOfferEnabled: boolean;
    buyItNowPrice: number | null;
    managedShipping: boolean;
    endedAt: string | null;
    centralFileLinks: { type: string }[];
    company: { slug: string; name: string; displayName: string | null };
    event: { privateSale: boolean } | null;
  };
}

type Condition = { field: string; op: string; value: unknown };

/**
 * Active lots with more than a minute to go, as the browse pages show them: they leave out an Active lot past
 * its end (until the lot clock closes it), and after a fresh start the demo's closing-soon auction ends a lot
 * each minute.
 */
export const openLots = (): Condition[] => [
  { field: 'status', op: 'in', value: ['Active'] },
  { field: 'endedAt', op: 'gte', value: new Date(Date.now() + 60_000).toISOString() },
];

/**
 * Active lots that stay open at least `minutes` more, whatever the machine's pace (issue 24): a test that opens,
 * bids on or writes about a lot picks one with room to spare, never one of the lots the demo's closing-soon
 * auction ends each minute. (openLots above is matched to what browse shows instead.)
 */
export const activeFor = (minutes: number): Condition[] => [
  { field: 'status', op: 'eq', value: 'Active' },
  { field: 'endedAt', op: 'gte', value: new Date(Date.now() + minutes * 60_000).toISOString() },
];

/**
 * Whether browse lists the lot: the event-lots API also answers a private sale's lots, which browse and search
 * leave out (spec §3), so a spec that looks for an API lot on the browse page takes only these.
 */
export const inBrowse = (lot: ApiLot) => !lot._source.event?.privateSale;

export async function findLots(request: APIRequestContext, params: Condition[], pageSize = 60): Promise<ApiLot[]> {
  const esQuery = JSON.stringify({ operator: 'and', params });
  const res = await request.get(
    `/marketplace/api/event/event-lots?pageSize=${pageSize}&pageNumber=1&esQuery=${encodeURIComponent(esQuery)}`,
  );
  if (!res.ok()) throw new Error(`event-lots answered ${res.status()}`);
  return (await res.json()).data.eventLots;
}

export async function firstLot(
  request: APIRequestContext,
  params: Condition[],
  where: (l: ApiLot) => boolean = () => true,
) {
  const lot = (await findLots(request, params)).find(where);
  if (!lot) throw new Error(`no seeded lot matches ${JSON.stringify(params)}`);
  return lot;
}

/** Spec §7: the recently viewed ids live in the lots_viewed cookie as a JSON list (URL-encoded, as a browser stores it). */
export async function setLotsViewed(context: BrowserContext, baseURL: string | undefined, ids: string[]) {
  await context.addCookies([
    { name: 'lots_viewed', value: encodeURIComponent(JSON.stringify(ids)), url: baseURL ?? 'http://127.0.0.1:3100' },
  ]);
}
