import { registrations } from '@lotline/db/schema';
import { eq } from 'drizzle-orm';
import type { TestApp } from '../../test/app';
import { bid, openLot, bidder as registeredBidder } from '../bidding/test-helpers';
import { auction, bidder, register } from '../registrations/test-helpers';

/** Helpers for the seller-run tests: an event of the scene's company with a pending registration and bids. */

export const runPath = (eventId: string, tail: string) => `/marketplace-api/seller/events/${eventId}/${tail}`;
export const decisionPath = (eventId: string, registrationId: string) =>
  runPath(eventId, `registrations/${registrationId}/decision`);

/** An event of `companyId` asking approval, with a $500.00 deposit, and one bidder registered through the route (pending). */
export async function pendingRegistration(t: TestApp, companyId: string, name = 'Plant Closure') {
  const { event } = await auction(t, { companyId, registrationApprovalRequired: true, name });
  const person = await bidder(t, event.id);
  const res = await register(t, person, event.id);
  if (res.statusCode !== 201) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  const [row] = await t.db.select().from(registrations).where(eq(registrations.userId, person.id));
  if (!row) throw new Error('no registration');
  return { event, person, registrationId: row.id };
}

/** An open lot of `companyId` (reserve $1,500.00) on which Ann then Ben bid through the real route. */
export async function lotWithBids(t: TestApp, companyId: string) {
  const { event, lot } = await openLot(t, { event: { companyId }, reserve: 150_000 });
  const ann = await registeredBidder(t, event.id, 'Ann Early');
  const ben = await registeredBidder(t, event.id, 'Ben Later');
  for (const [who, body] of [
    [ann, { amount: 100_000, maxAmount: 120_000 }],
    [ben, { amount: 130_000, maxAmount: 200_000 }],
  ] as const) {
    const res = await bid(t, who, lot.id, body);
    if (res.statusCode !== 201) throw new Error(`bid failed: ${res.statusCode} ${res.body}`);
  }
  return { event, lot, ann, ben };
}
