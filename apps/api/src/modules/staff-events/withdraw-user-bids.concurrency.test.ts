import { randomUUID } from 'node:crypto';
import type { Database } from '@lotline/db';
import {
  bids,
  companies,
  eventLots,
  events,
  lotBidders,
  registrations,
  users,
  withdrawnBids,
} from '@lotline/db/schema';
import { createPostgresTestDatabase } from '@lotline/db/testing';
import { LOT_STATUS, replayBids } from '@lotline/domain';
import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placeBid } from '../bidding/place-bid';
import { updateStaffUser } from '../staff-users/update-user';

/**
 * Decision 0082 on PostgreSQL (skipped without TEST_DATABASE_URL), through two pools (two API processes): a
 * disable withdrawing a bidder's maxima on several lots while bids pour onto the same lots, some of them the
 * disabled bidder's own. Nothing deadlocks or fails; afterwards each lot is its history replayed without the
 * withdrawn rows, and the disabled bidder leads no open lot unless a bid of theirs came after the withdrawal.
 * And a bid in flight on a lot the bidder has not bid on yet when the disable commits (decision 0087): it either
 * committed first and was withdrawn, or waited and was refused (403 ACCOUNT_DISABLED); none stands after.
 */

const baseUrl = process.env.TEST_DATABASE_URL;
const STARTING_BID = 10_000;
const LOTS = 4;
const ROUNDS = 3;

let db: Database;
let other: Database;
let close: () => Promise<void>;
let eventId: string;
let companyId: string;
let staffId: string;
const bidders: string[] = [];

describe.skipIf(!baseUrl)('disabling a bidder while bids arrive (PostgreSQL)', () => {
  beforeAll(async () => {
    const fresh = await createPostgresTestDatabase(baseUrl as string, { processes: 2, poolSize: 8 });
    [db, other] = fresh.handles.map((h) => h.db) as [Database, Database];
    close = fresh.cleanup;
    companyId = `co_${randomUUID()}`;
    eventId = `ev_${randomUUID()}`;
    await db.insert(companies).values({ id: companyId, slug: companyId, name: 'Concurrent Withdrawals' });
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
    staffId = `user_${randomUUID()}`;
    await db.insert(users).values({ id: staffId, email: `${staffId}@example.com`, name: 'Staff', roles: ['staff'] });
    for (let i = 0; i < 6; i++) {
      const id = `user_${randomUUID()}`;
      bidders.push(id);
      await db.insert(users).values({ id, email: `${id}@example.com`, name: `Bidder ${i}` });
      await db
        .insert(registrations)
        .values({ id: `reg_${id}`, eventId, userId: id, status: 'approved', depositStatus: 'not-required' });
    }
  }, 120_000);
  afterAll(async () => {
    await close?.();
  });

  it('never deadlocks, and every lot is its remaining history replayed', async () => {
    const [leaving, ...others] = bidders as [string, ...string[]];
    const lotIds = Array.from({ length: LOTS }, () => `lot_${randomUUID()}`);
    await db.insert(eventLots).values(
      lotIds.map((id) => ({
        id,
        companyId,
        eventId,
        number: id,
        name: id,
        type: 'AuctionLot' as const,
        status: LOT_STATUS.Active,
        startAt: new Date(Date.now() - 3_600_000),
        endedAt: new Date(Date.now() + 86_400_000),
        scheduledEndAt: new Date(Date.now() + 86_400_000),
        startingBid: STARTING_BID,
      })),
    );
    const place = (pool: Database, lotId: string, userId: string, amount: number, maxAmount = amount) =>
      placeBid(pool, { lotId, userId, body: { amount, maxAmount }, idempotencyKey: undefined });
    // The leaving bidder leads every lot with a high maximum first.
    for (const lotId of lotIds) expect((await place(db, lotId, leaving, STARTING_BID, 90_000)).answer.status).toBe(201);

    const storm = lotIds.flatMap((lotId, l) =>
      Array.from({ length: ROUNDS * others.length }, (_, i) => {
        const userId = i % 5 === 4 ? leaving : (others[i % others.length] as string);
        const amount = STARTING_BID + (i + 1) * 3_000 + l * 1_000;
        return place(i % 2 === 0 ? db : other, lotId, userId, amount, amount + (i % 3) * 2_000);
      }),
    );
    const disable = updateStaffUser(other, staffId, leaving, { disabled: true });
    const results = await Promise.allSettled([disable, ...storm]);
    const failures = results.filter((r) => r.status === 'rejected');
    expect(failures.map((f) => String((f as PromiseRejectedResult).reason))).toEqual([]);

    for (const lotId of lotIds) {
      const [lot] = await db
        .select({ price: eventLots.currentBidAmount, leader: eventLots.leaderUserId, count: eventLots.bidsCount })
        .from(eventLots)
        .where(eq(eventLots.id, lotId));
      const history = await db
        .select({ seq: bids.seq, userId: bids.userId, amount: bids.amount, maxAmount: bids.maxAmount })
        .from(bids)
        .where(and(eq(bids.lotId, lotId), eq(bids.kind, 'bid')))
        .orderBy(asc(bids.seq));
      const withdrawn = await db
        .select({ userId: withdrawnBids.userId, upToSeq: withdrawnBids.upToSeq })
        .from(withdrawnBids)
        .where(inArray(withdrawnBids.lotId, [lotId]));
      expect(withdrawn.map((w) => w.userId)).toEqual([leaving]);
      const remaining = history
        .filter((b) => !withdrawn.some((w) => w.userId === b.userId && b.seq <= w.upToSeq))
        .map((b) => ({ bidderId: b.userId, amount: b.amount, maxAmount: b.maxAmount ?? b.amount }));
      const replay = replayBids(
        { startingBid: STARTING_BID, reserve: null, increments: [{ from: 0, increment: 1_000 }] },
        remaining,
      );
      expect(replay.refused).toBe(0);
      const [mark] = withdrawn;
      if (lot?.leader === leaving)
        expect(history.some((b) => b.userId === leaving && b.seq > (mark?.upToSeq ?? 0))).toBe(true);
      // Bids after the withdrawal's commit were decided by the engine on the replayed state: the same rule.
      expect(lot).toEqual({ price: replay.price, leader: replay.leaderId, count: replay.bidsCount });
    }
  }, 120_000);

  it('leaves no bid of a disabled bidder standing, however the bid and the disable interleave', async () => {
    const leaving = bidders[1] as string;
    const lotIds = Array.from({ length: 16 }, () => `lot_${randomUUID()}`);
    await db.insert(eventLots).values(
      lotIds.map((id) => ({
        id,
        companyId,
        eventId,
        number: id,
        name: id,
        type: 'AuctionLot' as const,
        status: LOT_STATUS.Active,
        startAt: new Date(Date.now() - 3_600_000),
        endedAt: new Date(Date.now() + 86_400_000),
        scheduledEndAt: new Date(Date.now() + 86_400_000),
        startingBid: STARTING_BID,
      })),
    );
    const storm = lotIds.map((lotId, i) =>
      placeBid(i % 2 === 0 ? db : other, {
        lotId,
        userId: leaving,
        body: { amount: STARTING_BID, maxAmount: 50_000 },
        idempotencyKey: undefined,
      }),
    );
    const disable = new Promise((resolve) => setTimeout(resolve, 3)).then(() =>
      updateStaffUser(other, staffId, leaving, { disabled: true }),
    );
    const results = await Promise.allSettled([disable, ...storm]);
    const failures = results.filter((r) => r.status === 'rejected');
    expect(failures.map((f) => String((f as PromiseRejectedResult).reason))).toEqual([]);
    for (const { answer } of await Promise.all(storm)) {
      if (answer.status !== 201)
        expect([answer.status, JSON.stringify(answer.body)]).toEqual([
          403,
          expect.stringContaining('ACCOUNT_DISABLED'),
        ]);
    }
    const standing = await db
      .select({ lotId: lotBidders.lotId })
      .from(lotBidders)
      .where(and(eq(lotBidders.userId, leaving), inArray(lotBidders.lotId, lotIds), gt(lotBidders.maxAmount, 0)));
    expect(standing).toEqual([]);
    const led = await db
      .select({ id: eventLots.id })
      .from(eventLots)
      .where(and(inArray(eventLots.id, lotIds), eq(eventLots.leaderUserId, leaving)));
    expect(led).toEqual([]);
  }, 120_000);
});
