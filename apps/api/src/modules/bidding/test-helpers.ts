import { randomUUID } from 'node:crypto';
import { bids, eventLots, type events, lotBidders, registrations } from '@lotline/db/schema';
import { asc, eq, sql } from 'drizzle-orm';
import type { TestApp } from '../../test/app';
import { freshIp, get, ORIGIN, signUpUser } from '../identity/test-helpers';

/** Helpers for the bidding tests: an open auction lot, registered bidders, bids through the real route. */

export type Bidder = { id: string; email: string; cookie: string };

const MINUTE = 60_000;

/** An open auction lot (started, ending in `endsInMs`) of a published event; amounts in cents. */
export async function openLot(
  t: TestApp,
  options: {
    endsInMs?: number;
    startingBid?: number;
    reserve?: number | null;
    event?: Partial<typeof events.$inferInsert>;
    lot?: Partial<typeof eventLots.$inferInsert>;
  } = {},
) {
  const event = await t.make.event(options.event ?? {});
  const end = new Date(Date.now() + (options.endsInMs ?? 60 * MINUTE));
  const lot = await t.make.lot({
    eventId: event.id,
    companyId: event.companyId,
    startAt: new Date(Date.now() - 60 * MINUTE),
    endedAt: end,
    scheduledEndAt: end,
    startingBid: options.startingBid ?? 100_000,
    reserveBid: options.reserve ?? null,
    reserveMet: options.reserve == null ? null : false,
    ...options.lot,
  });
  return { event, lot };
}

/** Registers a user for an event as the deposits flow leaves a usable registration (tests insert it directly). */
export async function register(
  t: TestApp,
  userId: string,
  eventId: string,
  over: Partial<typeof registrations.$inferInsert> = {},
) {
  await t.db.insert(registrations).values({
    id: `reg_${randomUUID()}`,
    eventId,
    userId,
    status: 'approved',
    depositStatus: 'not-required',
    ...over,
  });
}

/** A signed-in user registered for the event. */
export async function bidder(t: TestApp, eventId: string, name = 'Pat Bidder'): Promise<Bidder> {
  const user = await signUpUser(t, { name });
  await register(t, user.id, eventId);
  return user;
}

export const biddingPath = (lotId: string) => `/marketplace/api/event/event-lots/${lotId}/bidding`;
export const bidsPath = (lotId: string) => `/marketplace/api/event/event-lots/${lotId}/bids`;

export function bid(t: TestApp, user: Bidder | null, lotId: string, body: unknown, key?: string) {
  return t.app.inject({
    method: 'POST',
    url: bidsPath(lotId),
    headers: {
      origin: ORIGIN,
      'x-forwarded-for': freshIp(),
      'content-type': 'application/json',
      ...(user ? { cookie: user.cookie } : {}),
      ...(key === undefined ? {} : { 'idempotency-key': key }),
    },
    payload: JSON.stringify(body),
  });
}

export const bidding = (t: TestApp, lotId: string, user?: Bidder) => get(t, biddingPath(lotId), user?.cookie);

/** What a bid may have changed: the lot's bidding columns, its history and its bidders. */
export async function lotState(t: TestApp, lotId: string) {
  const [lot] = await t.db
    .select({
      price: eventLots.currentBidAmount,
      bidsCount: eventLots.bidsCount,
      leader: eventLots.leaderUserId,
      reserveMet: eventLots.reserveMet,
      endedAt: eventLots.endedAt,
      scheduledEndAt: eventLots.scheduledEndAt,
      changeSeq: eventLots.changeSeq,
    })
    .from(eventLots)
    .where(eq(eventLots.id, lotId));
  const history = await t.db
    .select({ userId: bids.userId, kind: bids.kind, amount: bids.amount, maxAmount: bids.maxAmount })
    .from(bids)
    .where(eq(bids.lotId, lotId))
    .orderBy(asc(bids.seq));
  const standing = await t.db
    .select({
      userId: lotBidders.userId,
      max: lotBidders.maxAmount,
      count: lotBidders.bidsCount,
      pseudonym: lotBidders.pseudonym,
    })
    .from(lotBidders)
    .where(eq(lotBidders.lotId, lotId))
    .orderBy(asc(lotBidders.pseudonym));
  return { lot, history, standing };
}

/** Moves a lot's ends relative to the database clock (ms from now). */
export async function setEnds(t: TestApp, lotId: string, endsInMs: number, scheduledInMs = endsInMs) {
  await t.db
    .update(eventLots)
    .set({
      endedAt: sql`now() + ${`${endsInMs} milliseconds`}::interval`,
      scheduledEndAt: sql`now() + ${`${scheduledInMs} milliseconds`}::interval`,
    })
    .where(eq(eventLots.id, lotId));
}
