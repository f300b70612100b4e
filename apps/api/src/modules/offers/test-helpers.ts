import { mailOutbox, offers, orders } from '@lotline/db/schema';
import { LOT_STATUS } from '@lotline/domain';
import { eq, sql } from 'drizzle-orm';
import type { TestApp } from '../../test/app';
import { freshIp, ORIGIN } from '../identity/test-helpers';
import { sellerOf } from '../messaging/test-helpers';
import { bidder, type Person } from '../registrations/test-helpers';

/** Helpers for the offer tests: a Best Offer item with a seller user and a verified buyer with a card; the real routes. */

export const HOUR = 3_600_000;

/** An open Buy Now item taking offers ($1,000.00, 3 units) of a fresh company with one seller user. */
export async function offerScene(t: TestApp, lot: Parameters<TestApp['make']['lot']>[0] = {}) {
  const event = await t.make.event({ buyersPremiumBps: 1000 });
  const item = await t.make.lot({
    companyId: event.companyId,
    eventId: event.id,
    type: 'BuyItNowItem',
    status: LOT_STATUS.Active,
    bestOfferEnabled: true,
    buyItNowPrice: 100_000,
    quantity: 3,
    startAt: new Date(Date.now() - HOUR),
    endedAt: new Date(Date.now() + 72 * HOUR),
    ...lot,
  });
  const seller = await sellerOf(t, event.companyId);
  const buyer = await bidder(t, undefined);
  return { event, lot: item, seller, buyer };
}

export function call(
  t: TestApp,
  who: Person | { cookie: string } | null,
  url: string,
  body?: unknown,
  key?: string,
  method: 'POST' | 'GET' = 'POST',
) {
  return t.app.inject({
    method,
    url,
    headers: {
      origin: ORIGIN,
      'x-forwarded-for': freshIp(),
      ...(who ? { cookie: who.cookie } : {}),
      ...(key === undefined ? {} : { 'idempotency-key': key }),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
}

export const offersUrl = (lotId: string) => `/marketplace/api/event/event-lots/${lotId}/offers`;
export const myOffersUrl = (userId: string) => `/marketplace-api/users/${userId}/offers`;
export const buyerAction = (userId: string, offerId: string, verb: 'accept' | 'decline' | 'withdraw') =>
  `/marketplace-api/users/${userId}/offers/${offerId}/${verb}`;
export const sellerAction = (offerId: string, verb: 'accept' | 'decline' | 'counter') =>
  `/marketplace-api/seller/offers/${offerId}/${verb}`;

/** Makes an offer through the route; answers the offer's id. */
export async function offer(t: TestApp, buyer: Person, lotId: string, body: unknown = { amount: 80_000 }) {
  const res = await call(t, buyer, offersUrl(lotId), body, `k-${Math.random()}`);
  if (res.statusCode !== 201) throw new Error(`offer failed: ${res.statusCode} ${res.body}`);
  return res.json().data.offer._id as string;
}

export const offerRow = async (t: TestApp, id: string) =>
  (await t.db.select().from(offers).where(eq(offers.id, id)))[0];
export const orderRow = async (t: TestApp, id: string) =>
  (await t.db.select().from(orders).where(eq(orders.id, id)))[0];
/** The offer e-mails sent to an address (not the sign-up's activation mail), oldest first. */
export const mailsTo = async (t: TestApp, to: string) =>
  (
    await t.db
      .select({ subject: mailOutbox.subject, text: mailOutbox.text })
      .from(mailOutbox)
      .where(eq(mailOutbox.to, to))
      .orderBy(mailOutbox.createdAt, mailOutbox.id)
  ).filter((m) => /offer/i.test(m.subject));

/** Moves an offer's expiry to `ms` from the database clock (negative: in the past). */
export const ageOffer = (t: TestApp, id: string, ms: number) =>
  t.db
    .update(offers)
    .set({ expiresAt: sql`now() + ${`${ms} milliseconds`}::interval` })
    .where(eq(offers.id, id));
