import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { gotoReady } from '../support/ready';
import { findLots } from './cards-helpers';

/** Helpers for the buy-now specs: an open buy-now item with enough units, read through the real API. */

export interface BuyNowItem {
  id: string;
  name: string;
  quantity: number;
  allInPrice: number | null;
}

/**
 * An open buy-now item without Best Offer (the offers specs' lots) whose units left satisfy `fits`;
 * `skip` spreads parallel tests over different items.
 */
export async function buyNowItem(
  request: APIRequestContext,
  fits: (quantity: number) => boolean,
  skip = 0,
  /** Only items of these sellers (e.g. the featured ones, whose seller users the seed creates). */
  companyIds?: string[],
): Promise<BuyNowItem> {
  const lots = await findLots(
    request,
    [
      { field: 'type', op: 'eq', value: 'BuyItNowItem' },
      { field: 'status', op: 'in', value: ['Active'] },
      { field: 'endedAt', op: 'gte', value: new Date(Date.now() + 86_400_000).toISOString() },
      ...(companyIds ? [{ field: 'companyId', op: 'in', value: companyIds } as const] : []),
    ],
    100,
  );
  let skipped = 0;
  for (const lot of lots.filter((l) => !l._source.bestOfferEnabled)) {
    const res = await request.get(`/marketplace/api/event/event-lots/${lot._id}/buy-now`);
    if (!res.ok()) continue;
    const state = (await res.json()).data;
    if (!state.open || !fits(state.quantity)) continue;
    if (skipped++ < skip) continue;
    return { id: lot._id, name: lot._source.name, quantity: state.quantity, allInPrice: state.allInPrice };
  }
  throw new Error('no open buy-now item fits');
}

/** The lot page (the proxy sends any slug to the canonical one). */
export const lotPath = (id: string) => `/marketplace/bid/lot/${encodeURIComponent(id)}`;

/** Opens the lot page and waits for the buy box, hydrated: the callers click it next. */
export async function openLot(page: Page, id: string, query = '') {
  await gotoReady(page, `${lotPath(id)}${query}`);
  await expect(page.getByTestId('buy-box')).toBeVisible();
}

export async function unitsLeft(request: APIRequestContext, id: string): Promise<number> {
  const res = await request.get(`/marketplace/api/event/event-lots/${id}/buy-now`);
  return (await res.json()).data.quantity;
}

export const ORDER_URL = /\/account\/orders\/ord_[\w-]+$/;
