import { eventLots, orders } from '@lotline/db/schema';
import { LOT_STATUS } from '@lotline/domain';
import { eq } from 'drizzle-orm';
import type { TestApp } from '../../test/app';
import { freshIp, ORIGIN } from '../identity/test-helpers';

/** Helpers for the buy-now tests: a priced buy-now item and the real routes. */

export const purchasesUrl = (lotId: string) => `/marketplace/api/event/event-lots/${lotId}/purchases`;
export const buyNowUrl = (lotId: string) => `/marketplace/api/event/event-lots/${lotId}/buy-now`;

/**
 * A buy-now item on sale: $100.00 a unit, 3 units, in an event with a 10 %
 * premium, at a location taxed 8.25 %, with a $5.00 rigging fee the buyer
 * pays and a shipping fee the seller pays (so the buyer's fees are rigging only).
 */
export async function buyNowItem(t: TestApp, overrides: Parameters<TestApp['make']['lot']>[0] = {}) {
  const event = await t.make.event({ buyersPremiumBps: 1000, saleFormat: 'buy-now' });
  const location = await t.make.location({ taxRate: 8.25 });
  return t.make.lot({
    companyId: event.companyId,
    eventId: event.id,
    dispositionLocationId: location.id,
    type: 'BuyItNowItem',
    status: LOT_STATUS.Active,
    buyItNowPrice: 10_000,
    quantity: 3,
    riggingCost: 500,
    riggingParty: 'buyer',
    shippingCost: 2_000,
    shippingParty: 'seller',
    startAt: new Date(Date.now() - 3_600_000),
    endedAt: new Date(Date.now() + 3 * 86_400_000),
    ...overrides,
  });
}

/** (10 000 + 1 000 premium + 500 rigging) × 1.0825 = 12 448.75 → 12 449, by hand. */
export const ONE_UNIT_ALL_IN = 12_449;

export function buy(t: TestApp, lotId: string, options: { cookie?: string; body?: unknown; key?: string } = {}) {
  return t.app.inject({
    method: 'POST',
    url: purchasesUrl(lotId),
    headers: {
      origin: ORIGIN,
      'x-forwarded-for': freshIp(),
      'content-type': 'application/json',
      ...(options.cookie ? { cookie: options.cookie } : {}),
      ...(options.key ? { 'idempotency-key': options.key } : {}),
    },
    payload: JSON.stringify(options.body ?? { quantity: 1 }),
  });
}

export async function stockOf(t: TestApp, lotId: string) {
  const [row] = await t.db
    .select({ quantity: eventLots.quantity, status: eventLots.status })
    .from(eventLots)
    .where(eq(eventLots.id, lotId));
  return row;
}

export const ordersOf = (t: TestApp, buyerId: string) =>
  t.db.select().from(orders).where(eq(orders.buyerUserId, buyerId));
