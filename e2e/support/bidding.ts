import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect } from '@playwright/test';

/** A bidder's side through the API (contract §5), for specs that prove something else with it. */

export interface Registration {
  status: string;
  deposit?: { status: string } | null;
}

/** Agrees to the bidder terms and the event's, and registers (the default card holds any deposit). */
export async function registerForEvent(api: APIRequestContext, origin: string, eventId: string): Promise<Registration> {
  const me = (await (await api.get('/marketplace-api/users/me')).json()).data;
  const headers = { origin };
  for (const query of ['', `?eventId=${encodeURIComponent(eventId)}`]) {
    const agreed = await api.post(`/marketplace-api/users/${me.id}/bidder-terms${query}`, { headers });
    expect([200, 201]).toContain(agreed.status());
  }
  const registered = await api.post(`/marketplace-api/users/${me.id}/registered-auctions/${eventId}`, {
    data: {},
    headers: { ...headers, 'idempotency-key': randomUUID() },
  });
  expect([200, 201], await registered.text()).toContain(registered.status());
  return (await registered.json()).data as Registration;
}

/** A registration that can bid: approved, with its deposit held when there is one. */
export const canBid = (registration: Registration) =>
  registration.status === 'approved' &&
  ['held', 'not-required'].includes(registration.deposit?.status ?? 'not-required');

/** Bids the lot's minimum; expects it taken (201) and returns the lot as the bid left it. */
export async function placeBid(api: APIRequestContext, origin: string, lotId: string) {
  const headers = { origin };
  const bidding = (await (await api.get(`/marketplace/api/event/event-lots/${lotId}/bidding`)).json()).data;
  const placed = await api.post(`/marketplace/api/event/event-lots/${lotId}/bids`, {
    data: { amount: bidding.minimumBid },
    headers: { ...headers, 'idempotency-key': randomUUID() },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  return (await placed.json()).data.lot as { currentBid: { amount: number }; bidsCount: number };
}
