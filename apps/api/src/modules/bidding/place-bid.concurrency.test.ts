import { randomUUID } from 'node:crypto';
import type { Database } from '@lotline/db';
import { bids, companies, eventLots, events, lotBidders, registrations, users } from '@lotline/db/schema';
import { createPostgresTestDatabase } from '@lotline/db/testing';
import { asc, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededRandom } from '../../test/random';
import { placeBid } from './place-bid';
import { ReferenceAuction } from './test-reference-model';

/**
 * Issue 14's concurrency test, on PostgreSQL (skipped without
 * TEST_DATABASE_URL): hundreds of simultaneous bids from many users at one
 * hot lot and spread over many lots, through two pools of 10 connections
 * (two API processes: each batches its own bids, decision 0042). Every
 * accepted bid is in the history exactly once, and each lot's final state is
 * the reference model run over its accepted bids in history order.
 */

const baseUrl = process.env.TEST_DATABASE_URL;
const USERS = 40;
const TABLE = [[0, 1_000]] as const;
const STARTING_BID = 10_000;

let db: Database;
/** A second pool with its own bid queues: what a second API process on the same PostgreSQL does. */
let other: Database;
let close: () => Promise<void>;
let eventId: string;
let companyId: string;
const userIds: string[] = [];

describe.skipIf(!baseUrl)('placing bids concurrently (PostgreSQL)', () => {
  beforeAll(async () => {
    const fresh = await createPostgresTestDatabase(baseUrl as string, { processes: 2, poolSize: 10 });
    [db, other] = fresh.handles.map((h) => h.db) as [Database, Database];
    close = fresh.cleanup;
    companyId = `co_${randomUUID()}`;
    eventId = `ev_${randomUUID()}`;
    await db.insert(companies).values({ id: companyId, slug: companyId, name: 'Concurrent Auctions' });
    await db.insert(events).values({
      id: eventId,
      companyId,
      name: eventId,
      title: eventId,
      status: 'published',
      startAt: new Date('2026-01-01T00:00:00Z'),
      endAt: new Date('2099-01-01T00:00:00Z'),
      incrementTable: TABLE.map(([from, increment]) => ({ from, increment })),
    });
    for (let i = 0; i < USERS; i++) {
      const id = `user_${randomUUID()}`;
      userIds.push(id);
      await db.insert(users).values({ id, email: `${id}@example.com`, name: `Bidder ${i}` });
      await db
        .insert(registrations)
        .values({ id: `reg_${id}`, eventId, userId: id, status: 'approved', depositStatus: 'not-required' });
    }
  }, 120_000);

  afterAll(async () => {
    await close?.();
  });

  async function lots(count: number, reserve: number | null) {
    const ids = Array.from({ length: count }, () => `lot_${randomUUID()}`);
    await db.insert(eventLots).values(
      ids.map((id) => ({
        id,
        companyId,
        eventId,
        number: id,
        name: id,
        type: 'AuctionLot' as const,
        status: 'Active' as const,
        startAt: new Date(Date.now() - 3_600_000),
        endedAt: new Date(Date.now() + 86_400_000),
        scheduledEndAt: new Date(Date.now() + 86_400_000),
        startingBid: STARTING_BID,
        reserveBid: reserve,
        reserveMet: reserve === null ? null : false,
      })),
    );
    return ids;
  }

  /** Fires every bid at once; amounts climb with the bid's index so that many are accepted in any order. */
  async function storm(lotIds: string[], count: number, seed: number) {
    const random = seededRandom(seed);
    const sent = Array.from({ length: count }, (_, i) => {
      const amount = STARTING_BID + Math.floor(i / lotIds.length) * 1_000 + random.int(3) * 1_000;
      const maxAmount = random.next() < 0.5 ? amount : amount + random.int(20) * 1_000;
      return { lotId: random.pick(lotIds), userId: random.pick(userIds), body: { amount, maxAmount } };
    });
    // Half through each "process": each batches its own bids, and the two meet on the lot's row lock.
    const answers = await Promise.all(
      sent.map((s, i) => placeBid(i % 2 === 0 ? db : other, { ...s, idempotencyKey: undefined })),
    );
    return answers.map((a, i) => ({
      ...(sent[i] as (typeof sent)[number]),
      status: a.answer.status,
      body: a.answer.body,
    }));
  }

  async function verify(lotIds: string[], results: Awaited<ReturnType<typeof storm>>, reserve: number | null) {
    const accepted = results.filter((r) => r.status === 201);
    const refused = results.filter((r) => r.status !== 201);
    expect(accepted.length).toBeGreaterThan(lotIds.length);
    for (const r of refused) {
      expect(['BID_TOO_LOW', 'MAX_BELOW_CURRENT']).toContain(
        (r.body as { errors: { code: string }[] }).errors[0]?.code,
      );
    }
    const history = await db
      .select({
        id: bids.id,
        lotId: bids.lotId,
        userId: bids.userId,
        kind: bids.kind,
        amount: bids.amount,
        max: bids.maxAmount,
      })
      .from(bids)
      .where(inArray(bids.lotId, lotIds))
      .orderBy(asc(bids.seq));
    const ownRows = history.filter((h) => h.kind === 'bid');
    const acceptedIds = accepted.map((a) => (a.body as { data: { bid: { _id: string } } }).data.bid._id);
    expect(new Set(acceptedIds).size).toBe(accepted.length);
    expect(ownRows.map((h) => h.id).sort()).toEqual([...acceptedIds].sort());

    const finals = await db.select().from(eventLots).where(inArray(eventLots.id, lotIds));
    const standing = await db.select().from(lotBidders).where(inArray(lotBidders.lotId, lotIds));
    for (const lotId of lotIds) {
      const model = new ReferenceAuction({ startingBid: STARTING_BID, reserve, table: TABLE });
      let last = 0;
      for (const h of history.filter((row) => row.lotId === lotId)) {
        expect(h.amount).toBeGreaterThanOrEqual(last);
        last = h.amount;
        if (h.kind === 'bid') expect(model.bid(h.userId, h.amount, h.max ?? h.amount).accepted).toBe(true);
      }
      const lot = finals.find((l) => l.id === lotId);
      expect({
        price: lot?.currentBidAmount,
        count: lot?.bidsCount,
        leader: lot?.leaderUserId,
        met: lot?.reserveMet,
      }).toEqual({
        price: model.price,
        count: model.bidsCount,
        leader: model.leader(),
        met: model.reserveMet(),
      });
      for (const s of standing.filter((row) => row.lotId === lotId)) expect(s.maxAmount).toBe(model.maxOf(s.userId));
    }
  }

  it('serialises hundreds of simultaneous bids on one hot lot without losing or doubling one', async () => {
    const lotIds = await lots(1, 60_000);
    await verify(lotIds, await storm(lotIds, 300, 14), 60_000);
  }, 120_000);

  it('runs hundreds of simultaneous bids spread over many lots, each lot consistent', async () => {
    const lotIds = await lots(25, null);
    await verify(lotIds, await storm(lotIds, 400, 41), null);
  }, 120_000);

  it('answers simultaneous retries of one Idempotency-Key in two processes with the first answer, placing one bid', async () => {
    const [lotId] = await lots(1, null);
    const userId = userIds[0] as string;
    const input = { lotId: lotId as string, userId, body: { amount: STARTING_BID }, idempotencyKey: 'retry-storm' };
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => placeBid(i % 2 === 0 ? db : other, input)));
    expect(answers.every((a) => a.answer.status === 201)).toBe(true);
    // Deep equality: a replay comes from jsonb, which orders keys its own way.
    for (const a of answers) expect(a.answer.body).toEqual(answers[0]?.answer.body);
    expect(answers.filter((a) => a.effects !== undefined)).toHaveLength(1);
    const rows = await db
      .select()
      .from(bids)
      .where(inArray(bids.lotId, [lotId as string]));
    expect(rows).toHaveLength(1);
  }, 60_000);
});
