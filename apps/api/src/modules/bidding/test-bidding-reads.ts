import type { BiddingStatus } from '@lotline/contracts';
import type { Database } from '@lotline/db';
import { bids, eventLots, lotBidders, users } from '@lotline/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { uniqueId } from '../../test/factories';
import { signUpUser } from '../identity/test-helpers';

/**
 * Test data for the bidding reads: rows as the engine leaves them, written
 * directly (the reads only read them). See interfaces of issue 14: `bids`
 * is the visible price history in `seq` order; `lot_bidders` one row per
 * bidder with the pseudonym of their first bid.
 */

/** A user row without a session (a bidder the test never signs in as). */
export async function plainUser(db: Database) {
  const id = uniqueId('usr');
  await db.insert(users).values({ id, email: `${id}@example.com`, name: `User ${id}` });
  return { id };
}

export interface Standing {
  userId: string;
  pseudonym: number;
  max: number;
  last: number;
  count: number;
}

/** A bidder's standing on a lot (`lot_bidders`). */
export async function standing(db: Database, lotId: string, s: Standing) {
  await db.insert(lotBidders).values({
    lotId,
    userId: s.userId,
    pseudonym: s.pseudonym,
    maxAmount: s.max,
    maxSetAt: new Date(),
    lastBidAmount: s.last,
    bidsCount: s.count,
  });
}

export type HistoryStep = [userId: string, kind: 'bid' | 'auto', amount: number];

/** Appends history rows in the order given (one insert each, so `seq` follows it); returns their ids. */
export async function history(db: Database, lotId: string, steps: HistoryStep[]): Promise<string[]> {
  const ids: string[] = [];
  for (const [userId, kind, amount] of steps) {
    const id = uniqueId('bid');
    await db.insert(bids).values({
      id,
      lotId,
      userId,
      kind,
      amount,
      maxAmount: kind === 'bid' ? amount : null,
      priceAfter: amount,
    });
    ids.push(id);
  }
  return ids;
}

/** The lot's side of the bidding: its leader, price and reserve state. */
export async function leadOf(
  db: Database,
  lotId: string,
  lead: { leaderUserId: string | null; price?: number; reserveMet?: boolean | null },
) {
  await db
    .update(eventLots)
    .set({ leaderUserId: lead.leaderUserId, currentBidAmount: lead.price ?? null, reserveMet: lead.reserveMet ?? null })
    .where(eq(eventLots.id, lotId));
}

type LotFactory = (overrides: Partial<typeof eventLots.$inferInsert>) => Promise<{ id: string }>;

/** One lot of `statusScenario`: how it stands, and the status the user should read on it. */
interface ScenarioCase {
  name: string;
  lot: Partial<typeof eventLots.$inferInsert>;
  leads: boolean;
  reserveMet?: boolean | null;
  expected: BiddingStatus;
}

const HOUR = 3_600_000;
const at = (offset: number) => new Date(Date.now() + offset);

/** In the My Bids order: open lots by soonest end, then closed lots by most recent end. */
const CASES: ScenarioCase[] = [
  { name: 'open, leading', lot: { endedAt: at(HOUR) }, leads: true, expected: 'winning' },
  {
    name: 'open, leading below the reserve',
    lot: { endedAt: at(2 * HOUR) },
    leads: true,
    reserveMet: false,
    expected: 'reserve-not-met',
  },
  { name: 'open, someone else leads', lot: { endedAt: at(3 * HOUR) }, leads: false, expected: 'outbid' },
  { name: 'end passed, close not run yet', lot: { endedAt: at(-HOUR / 6) }, leads: true, expected: 'bidded' },
  {
    name: 'ended, awaiting the seller',
    lot: { status: 'Ended', endedAt: at(-HOUR / 2) },
    leads: true,
    reserveMet: false,
    expected: 'bidded',
  },
  { name: 'sold to the user', lot: { status: 'Sold', endedAt: at(-HOUR) }, leads: true, expected: 'won' },
  { name: 'sold to another', lot: { status: 'Sold', endedAt: at(-2 * HOUR) }, leads: false, expected: 'lost' },
  {
    name: 'unsold, the user led below the reserve',
    lot: { status: 'Unsold', endedAt: at(-3 * HOUR) },
    leads: true,
    reserveMet: false,
    expected: 'reserve-not-met',
  },
  { name: 'unsold, another led', lot: { status: 'Unsold', endedAt: at(-4 * HOUR) }, leads: false, expected: 'lost' },
];

/**
 * A user with a bid on one lot of each BIDDING §4 case (and another bidder on
 * each), plus a hidden lot they bid on and a lot only the other bid on, neither
 * of which they should see. Answers the visible lots in the My Bids order.
 */
export async function statusScenario(db: Database, makeLot: LotFactory, userId: string) {
  const other = await plainUser(db);
  const lots = [];
  for (const [i, c] of CASES.entries()) {
    const lot = await makeLot({ startAt: at(-24 * HOUR), ...c.lot });
    const mine = { userId, pseudonym: 1, max: 1_000 * (i + 1) + 500, last: 1_000 * (i + 1), count: i + 1 };
    await standing(db, lot.id, mine);
    await standing(db, lot.id, { userId: other.id, pseudonym: 2, max: 100_000, last: 90_000, count: 1 });
    await leadOf(db, lot.id, { leaderUserId: c.leads ? userId : other.id, price: 2_000, reserveMet: c.reserveMet });
    lots.push({ ...c, id: lot.id, mine });
  }
  const hidden = await makeLot({ endedAt: at(HOUR / 2), hiddenFromMarketplace: true });
  await standing(db, hidden.id, { userId, pseudonym: 1, max: 100, last: 100, count: 1 });
  const notMine = await makeLot({ endedAt: at(HOUR / 2) });
  await standing(db, notMine.id, { userId: other.id, pseudonym: 1, max: 100, last: 100, count: 1 });
  return { lots, hiddenId: hidden.id, notMineId: notMine.id, otherId: other.id };
}

/** The bidder row the reads should answer for the user on one scenario lot. */
export function expectedRow(lot: { id: string; expected: BiddingStatus; mine: Standing }, userId: string) {
  return {
    _id: `${lot.id}:${userId}`,
    eventLotId: lot.id,
    userId,
    biddingStatus: lot.expected,
    lastBidAmount: lot.mine.last,
    maxBidAmount: lot.mine.max,
    bidsCount: lot.mine.count,
  };
}

type Answer = { statusCode: number; json(): { errors: { code: string }[] } };

/** A `{userId}` read (contract §1): 401 without a session, 403 for another user; answers that user's cookie and id. */
export async function expectOthersRefused(t: TestApp, read: (cookie: string | undefined) => Promise<Answer>) {
  const anonymous = await read(undefined);
  expect(anonymous.statusCode).toBe(401);
  expect(anonymous.json().errors[0]?.code).toBe('UNAUTHENTICATED');
  const other = await signUpUser(t);
  const forbidden = await read(other.cookie);
  expect(forbidden.statusCode).toBe(403);
  expect(forbidden.json().errors[0]?.code).toBe('FORBIDDEN');
  return other;
}

/** For a test file: one app, a signed-in user and their `statusScenario`, made before its tests and closed after. */
export function withStatusScenario() {
  const ctx = {} as {
    t: TestApp;
    user: Awaited<ReturnType<typeof signUpUser>>;
    scenario: Awaited<ReturnType<typeof statusScenario>>;
  };
  beforeAll(async () => {
    ctx.t = await createTestApp();
    ctx.user = await signUpUser(ctx.t);
    ctx.scenario = await statusScenario(ctx.t.db, (o) => ctx.t.make.lot(o), ctx.user.id);
  });
  afterAll(() => ctx.t.close());
  return ctx;
}
