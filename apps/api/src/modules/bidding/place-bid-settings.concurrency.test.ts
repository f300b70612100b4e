import { randomUUID } from 'node:crypto';
import type { Database } from '@lotline/db';
import { bids, companies, companyMembers, eventLots, events, registrations, users } from '@lotline/db/schema';
import { createPostgresTestDatabase } from '@lotline/db/testing';
import { LOT_STATUS } from '@lotline/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lockEventLots } from '../seller-events/event-locks';
import { placeBid } from './place-bid';

/**
 * A seller's change of the event's bidding settings and a bid on one of its
 * lots at once, on PostgreSQL (skipped without TEST_DATABASE_URL). The change
 * locks the event's lots first (`lockEventLots`), so a bid waiting on its lot
 * must decide by the settings the change committed: the statement that takes
 * the lot lock re-reads only the locked lot row after the wait (not the joined
 * event), so the bid reads the settings again, after the lock (decision 0054).
 * And a bidder joining the selling company while their bid is placed: the bid
 * takes the company's row before it reads the members (decision 0105).
 */

const baseUrl = process.env.TEST_DATABASE_URL;
let seller: Database;
let bidders: Database;
let close: () => Promise<void>;

async function scene(db: Database) {
  const companyId = `co_${randomUUID()}`;
  const eventId = `ev_${randomUUID()}`;
  const lotId = `lot_${randomUUID()}`;
  await db.insert(companies).values({ id: companyId, slug: companyId, name: 'Settings Race' });
  await db.insert(events).values({
    id: eventId,
    companyId,
    name: eventId,
    title: eventId,
    status: 'published',
    startAt: new Date('2026-01-01T00:00:00Z'),
    endAt: new Date('2099-01-01T00:00:00Z'),
    incrementTable: [{ from: 0, increment: 1_000 }],
  });
  await db.insert(eventLots).values({
    id: lotId,
    companyId,
    eventId,
    number: '1',
    name: 'Forklift',
    type: 'AuctionLot',
    status: LOT_STATUS.Active,
    startAt: new Date(Date.now() - 3_600_000),
    endedAt: new Date(Date.now() + 86_400_000),
    scheduledEndAt: new Date(Date.now() + 86_400_000),
    startingBid: 10_000,
  });
  const userIds: string[] = [];
  for (let i = 0; i < 2; i++) {
    const id = `user_${randomUUID()}`;
    userIds.push(id);
    await db.insert(users).values({ id, email: `${id}@example.com`, name: `Bidder ${i}` });
    await db
      .insert(registrations)
      .values({ id: `reg_${id}`, eventId, userId: id, status: 'approved', depositStatus: 'not-required' });
  }
  return { companyId, eventId, lotId, userIds: userIds as [string, string] };
}

/** A promise and what resolves it: one side of the race holds its transaction open until the other waits. */
function gate() {
  let open: () => void = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, opened };
}

/** Waits until some session of this database waits on a row lock (the bid, behind the seller's change). */
async function someoneWaitsOnALock(db: Database) {
  for (let i = 0; i < 200; i++) {
    const result = (await db.execute(
      sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
    )) as unknown as { rows: { n: number }[] };
    if ((result.rows[0]?.n ?? 0) > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('the bid never waited on the lot lock');
}

describe.skipIf(!baseUrl)('a bid and a settings change at once (PostgreSQL)', () => {
  beforeAll(async () => {
    const fresh = await createPostgresTestDatabase(baseUrl as string, { processes: 2, poolSize: 4 });
    [seller, bidders] = fresh.handles.map((h) => h.db) as [Database, Database];
    close = fresh.cleanup;
  }, 120_000);
  afterAll(async () => {
    await close?.();
  });

  it('a bid that waited on the lot decides by the increment the change committed', async () => {
    const { eventId, lotId, userIds } = await scene(seller);
    const [first, second] = userIds;
    const opening = await placeBid(bidders, {
      userId: first,
      lotId,
      body: { amount: 10_000 },
      idempotencyKey: undefined,
    });
    expect(opening.answer.status).toBe(201);

    const { open: release, opened: released } = gate();
    const { open: locked, opened: isLocked } = gate();
    // The seller's change as update-event does it: the event's lots locked, then the event row written.
    const change = seller.transaction(async (tx) => {
      await lockEventLots(tx, eventId);
      await tx
        .update(events)
        .set({ incrementTable: [{ from: 0, increment: 5_000 }] })
        .where(eq(events.id, eventId));
      locked();
      await released;
    });
    await isLocked;
    // $110 is the next bid by a $10 increment, too low by the $50 one committed while the bid waited.
    const bid = placeBid(bidders, { userId: second, lotId, body: { amount: 11_000 }, idempotencyKey: undefined });
    await someoneWaitsOnALock(seller);
    release();
    await change;
    const answer = (await bid).answer;
    expect(answer.status).toBe(409);
    expect((answer.body as { errors: { code: string }[] }).errors[0]?.code).toBe('BID_TOO_LOW');
    const [lot] = await seller.select().from(eventLots).where(eq(eventLots.id, lotId));
    expect(lot).toMatchObject({ currentBidAmount: 10_000, bidsCount: 1, leaderUserId: first });
  });

  it('a bidder who joins the selling company while their bid waits is refused as its member', async () => {
    const { companyId, lotId, userIds } = await scene(seller);
    const [joiner] = userIds;
    const { open: release, opened: released } = gate();
    const { open: joined, opened: isJoined } = gate();
    // An accepted invitation as accept-company-invitation.ts does it: the company's row FOR UPDATE, then the member.
    const join = seller.transaction(async (tx) => {
      await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId)).for('update');
      await tx.insert(companyMembers).values({ companyId, userId: joiner, role: 'staff' });
      joined();
      await released;
    });
    await isJoined;
    const bid = placeBid(bidders, { userId: joiner, lotId, body: { amount: 10_000 }, idempotencyKey: undefined });
    await someoneWaitsOnALock(seller);
    release();
    await join;
    const answer = (await bid).answer;
    expect(answer.status).toBe(403);
    expect((answer.body as { errors: { code: string }[] }).errors[0]?.code).toBe('OWN_LOT');
    expect(await seller.select().from(bids).where(eq(bids.lotId, lotId))).toEqual([]);
  });
});
