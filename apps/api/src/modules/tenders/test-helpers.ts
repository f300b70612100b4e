import { eventLots, type events } from '@lotline/db/schema';
import { LOT_STATUS } from '@lotline/domain';
import { eq, sql } from 'drizzle-orm';
import type { TestApp } from '../../test/app';
import { register } from '../bidding/test-helpers';
import { endDueListings } from '../closing/end-due-listings';
import { freshIp, ORIGIN } from '../identity/test-helpers';
import { sellerOf } from '../messaging/test-helpers';
import { bidder, type Person } from '../registrations/test-helpers';

/** Helpers for the tender tests: an open tender lot, registered tenderers, the real routes. */

const HOUR = 3_600_000;

/** A published event of a fresh company with one open TenderLot (ends in an hour), and a seller user of it. */
export async function tenderScene(t: TestApp, eventOver: Partial<typeof events.$inferInsert> = {}) {
  const event = await t.make.event(eventOver);
  const end = new Date(Date.now() + HOUR);
  const lot = await t.make.lot({
    companyId: event.companyId,
    eventId: event.id,
    type: 'TenderLot',
    status: LOT_STATUS.Active,
    startAt: new Date(Date.now() - HOUR),
    endedAt: end,
    scheduledEndAt: end,
    name: 'Sealed CNC lathe',
  });
  const seller = await sellerOf(t, event.companyId);
  return { event, lot, seller };
}

/** A verified user with a sandbox card, registered for the event (approved, no deposit). */
export async function tenderer(t: TestApp, eventId: string): Promise<Person> {
  const user = await bidder(t, eventId);
  await register(t, user.id, eventId);
  return user;
}

export const tenderUrl = (lotId: string) => `/marketplace/api/event/event-lots/${lotId}/tender`;
export const awardUrl = (lotId: string) => `/marketplace-api/seller/lots/${lotId}/award`;
export const SELLER_TENDERS_URL = '/marketplace-api/seller/tenders';

function send(t: TestApp, method: 'PUT' | 'POST', url: string, cookie: string | null, body: unknown, key?: string) {
  return t.app.inject({
    method,
    url,
    headers: {
      origin: ORIGIN,
      'x-forwarded-for': freshIp(),
      'content-type': 'application/json',
      ...(cookie ? { cookie } : {}),
      ...(key === undefined ? {} : { 'idempotency-key': key }),
    },
    payload: JSON.stringify(body),
  });
}

export const putTender = (t: TestApp, user: Person | null, lotId: string, body: unknown, key?: string) =>
  send(t, 'PUT', tenderUrl(lotId), user?.cookie ?? null, body, key);

export const award = (t: TestApp, user: Person | null, lotId: string, tenderId: string | null, key?: string) =>
  send(t, 'POST', awardUrl(lotId), user?.cookie ?? null, { tenderId }, key);

export const readJson = (t: TestApp, url: string, user?: Person | null) =>
  t.app.inject({ method: 'GET', url, headers: user ? { cookie: user.cookie } : {} });

/** Moves the lot's end into the past and runs the lot clock's listing step, as the clock would (sets closed_at). */
export async function closeTenderLot(t: TestApp, lotId: string) {
  await t.db.update(eventLots).set({ endedAt: sql`now() - interval '1 second'` }).where(eq(eventLots.id, lotId));
  await endDueListings(t.db);
}

/** Moves a closed lot's close `days` into the past (the award window is counted from it). */
export async function agedClose(t: TestApp, lotId: string, days: number) {
  await t.db
    .update(eventLots)
    .set({ closedAt: sql`now() - make_interval(days => ${days})` })
    .where(eq(eventLots.id, lotId));
}
