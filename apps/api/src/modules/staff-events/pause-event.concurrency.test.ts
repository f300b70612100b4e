import { randomUUID } from 'node:crypto';
import type { Database } from '@lotline/db';
import { bids, companies, eventLots, eventPauses, events, registrations, users } from '@lotline/db/schema';
import { createPostgresTestDatabase } from '@lotline/db/testing';
import { LOT_STATUS } from '@lotline/domain';
import { eq, inArray } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placeBid } from '../bidding/place-bid';
import { createOutboxMailer } from '../mail/outbox-mailer';
import { pauseEvent } from './pause-event';
import type { StaffEventDeps } from './withdraw-lot';

/**
 * Decision 0087 on PostgreSQL (skipped without TEST_DATABASE_URL), through two pools (two API processes): bids
 * pour onto an event's lots while staff pause it. Nothing deadlocks or fails; every bid placed was decided before
 * the pause began (by the database clock), and every bid decided after it is refused as paused.
 */

const baseUrl = process.env.TEST_DATABASE_URL;
const LOTS = 4;
const BIDS_PER_LOT = 24;

let db: Database;
let other: Database;
let close: () => Promise<void>;

describe.skipIf(!baseUrl)('pausing an event while bids arrive (PostgreSQL)', () => {
  beforeAll(async () => {
    const fresh = await createPostgresTestDatabase(baseUrl as string, { processes: 2, poolSize: 8 });
    [db, other] = fresh.handles.map((h) => h.db) as [Database, Database];
    close = fresh.cleanup;
  }, 120_000);
  afterAll(async () => {
    await close?.();
  });

  it('places no bid after the pause commits', async () => {
    const companyId = `co_${randomUUID()}`;
    const eventId = `ev_${randomUUID()}`;
    await db.insert(companies).values({ id: companyId, slug: companyId, name: 'Concurrent Pause' });
    await db.insert(events).values({
      id: eventId,
      companyId,
      name: eventId,
      title: eventId,
      status: 'published',
      startAt: new Date('2026-01-01T00:00:00Z'),
      endAt: new Date('2099-01-01T00:00:00Z'),
      incrementTable: [{ from: 0, increment: 100 }],
    });
    const staffId = `user_${randomUUID()}`;
    await db.insert(users).values({ id: staffId, email: `${staffId}@example.com`, name: 'Staff', roles: ['staff'] });
    const bidders: string[] = [];
    for (let i = 0; i < 4; i++) {
      const id = `user_${randomUUID()}`;
      bidders.push(id);
      await db.insert(users).values({ id, email: `${id}@example.com`, name: `Bidder ${i}` });
      await db
        .insert(registrations)
        .values({ id: `reg_${id}`, eventId, userId: id, status: 'approved', depositStatus: 'not-required' });
    }
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
        startingBid: 1_000,
      })),
    );
    const deps: StaffEventDeps = {
      db: other,
      mailer: createOutboxMailer(other, pino({ level: 'silent' })),
      publicOrigin: 'https://lotline.test',
      log: pino({ level: 'silent' }),
      provider: undefined as never,
    };
    // Each bid a step above the last on its lot, so none is refused for its amount.
    const storm = lotIds.flatMap((lotId, l) =>
      Array.from({ length: BIDS_PER_LOT }, (_, i) =>
        placeBid(i % 2 === 0 ? db : other, {
          lotId,
          userId: bidders[(i + l) % bidders.length] as string,
          body: { amount: 1_000 + i * 1_000 },
          idempotencyKey: undefined,
        }),
      ),
    );
    const pause = new Promise((resolve) => setTimeout(resolve, 5)).then(() =>
      pauseEvent(deps, staffId, eventId, 'Checking a complaint'),
    );
    const results = await Promise.allSettled([pause, ...storm]);
    const failures = results.filter((r) => r.status === 'rejected');
    expect(failures.map((f) => String((f as PromiseRejectedResult).reason))).toEqual([]);

    const [row] = await db
      .select({ at: eventPauses.pausedAt })
      .from(eventPauses)
      .where(eq(eventPauses.eventId, eventId));
    const pausedAt = row?.at.getTime() ?? 0;
    const answers = await Promise.all(storm);
    const codes = answers.map((a) => a.answer.status);
    const placed = await db.select({ at: bids.createdAt }).from(bids).where(inArray(bids.lotId, lotIds));
    expect(placed.length).toBe(codes.filter((c) => c === 201).length);
    for (const bid of placed) expect(bid.at.getTime()).toBeLessThanOrEqual(pausedAt);
    // A refusal is the pause's, or a bid overtaken on its lot by a higher one from the other pool.
    const refusals = answers.filter((a) => a.answer.status !== 201).map((a) => JSON.stringify(a.answer.body));
    for (const refusal of refusals) expect(refusal).toMatch(/EVENT_PAUSED|BID_TOO_LOW/);

    // Any bid after the commit: refused, placing nothing.
    const late = await placeBid(db, {
      lotId: lotIds[0] as string,
      userId: bidders[0] as string,
      body: { amount: 900_000 },
      idempotencyKey: undefined,
    });
    expect([late.answer.status, JSON.stringify(late.answer.body)]).toEqual([
      409,
      expect.stringContaining('EVENT_PAUSED'),
    ]);
    expect(await db.select({ at: bids.createdAt }).from(bids).where(inArray(bids.lotId, lotIds))).toHaveLength(
      placed.length,
    );
  }, 120_000);
});
