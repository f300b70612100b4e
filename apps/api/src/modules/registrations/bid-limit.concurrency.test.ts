import { randomUUID } from 'node:crypto';
import type { Database } from '@lotline/db';
import { companies, eventLots, events, lotBidders, registrations, users } from '@lotline/db/schema';
import { createPostgresTestDatabase } from '@lotline/db/testing';
import { LOT_STATUS } from '@lotline/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settle } from '../../test/concurrency';
import { placeBid } from '../bidding/place-bid';
import { changeBidLimit } from './change-bid-limit';

/**
 * A bid and a lowering of the bidder's limit at once, on PostgreSQL (skipped without TEST_DATABASE_URL),
 * through two pools (two API processes). The bid reads the registration FOR SHARE after the lot's lock and
 * the change takes it FOR UPDATE (decision 0080), so exactly one wins: the bid's maximum stands and the
 * lowering is refused (409), or the lower limit stands and the bid is refused (BID_LIMIT). Never both: no
 * standing maximum above the registration's limit, whatever the interleaving.
 */

const baseUrl = process.env.TEST_DATABASE_URL;
const ROUNDS = 16;
let api: [Database, Database];
let close: () => Promise<void>;
let staffId: string;

async function scene(db: Database) {
  const companyId = `co_${randomUUID()}`;
  const eventId = `ev_${randomUUID()}`;
  const lotId = `lot_${randomUUID()}`;
  const userId = `user_${randomUUID()}`;
  await db.insert(companies).values({ id: companyId, slug: companyId, name: 'Limit Race' });
  await db.insert(events).values({
    id: eventId,
    companyId,
    name: eventId,
    title: eventId,
    status: 'published',
    startAt: new Date('2026-01-01T00:00:00Z'),
    endAt: new Date('2099-01-01T00:00:00Z'),
  });
  await db.insert(eventLots).values({
    id: lotId,
    companyId,
    eventId,
    number: '1',
    name: 'Excavator',
    type: 'AuctionLot',
    status: LOT_STATUS.Active,
    startAt: new Date(Date.now() - 3_600_000),
    endedAt: new Date(Date.now() + 86_400_000),
    scheduledEndAt: new Date(Date.now() + 86_400_000),
    startingBid: 10_000,
  });
  await db.insert(users).values({ id: userId, email: `${userId}@example.com`, name: 'Racing Bidder' });
  const registrationId = `reg_${userId}`;
  await db.insert(registrations).values({
    id: registrationId,
    eventId,
    userId,
    status: 'approved',
    depositStatus: 'not-required',
    bidLimitMinor: 1_000_000,
  });
  return { lotId, userId, registrationId };
}

describe.skipIf(!baseUrl)('a bid and a lower bid limit at once (PostgreSQL)', () => {
  beforeAll(async () => {
    const fresh = await createPostgresTestDatabase(baseUrl as string, { processes: 2, poolSize: 4 });
    api = fresh.handles.map((h) => h.db) as [Database, Database];
    close = fresh.cleanup;
    staffId = `user_${randomUUID()}`;
    await api[0]
      .insert(users)
      .values({ id: staffId, email: `${staffId}@example.com`, name: 'Staff', roles: ['staff'] });
  }, 120_000);
  afterAll(async () => {
    await close?.();
  });

  it('either the maximum stands and the lowering is refused, or the limit drops and the bid is refused', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { lotId, userId, registrationId } = await scene(api[0]);
      const bid = placeBid(api[round % 2] as Database, {
        userId,
        lotId,
        body: { amount: 10_000, maxAmount: 500_000 },
        idempotencyKey: undefined,
      }).then(({ answer }) => {
        if (answer.status === 201) return;
        throw (answer.body as { errors: { code: string }[] }).errors[0];
      });
      const lower = changeBidLimit(api[(round + 1) % 2] as Database, staffId, registrationId, 200_000);
      const [bidOutcome, lowerOutcome] = await settle([bid, lower]);
      expect([
        ['ok', 'CONFLICT'],
        ['BID_LIMIT', 'ok'],
      ]).toContainEqual([bidOutcome, lowerOutcome]);
      const rows = (
        (await api[0].execute(sql`
          select r.bid_limit_minor::int as "limit",
            (select max(b.max_amount)::int from ${lotBidders} b where b.lot_id = ${lotId}) as "max"
          from ${registrations} r where r.id = ${registrationId}`)) as unknown as {
          rows: { limit: number; max: number | null }[];
        }
      ).rows;
      const after = rows[0];
      expect(after?.max ?? 0).toBeLessThanOrEqual(after?.limit ?? 0);
      expect(after?.limit).toBe(bidOutcome === 'ok' ? 1_000_000 : 200_000);
      const [lot] = await api[0].select().from(eventLots).where(eq(eventLots.id, lotId));
      expect(lot?.bidsCount).toBe(bidOutcome === 'ok' ? 1 : 0);
    }
  }, 120_000);
});
