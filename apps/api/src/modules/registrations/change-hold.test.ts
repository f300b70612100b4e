import type { Database } from '@lotline/db';
import { depositHoldStatus, depositHolds, registrations, users } from '@lotline/db/schema';
import { createTestDatabase } from '@lotline/db/testing';
import { DEPOSIT_HOLD_STATUSES, HOLD_MOVES, type HoldMove } from '@lotline/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { factories, uniqueId } from '../../test/factories';
import { changeHold, deleteRefusedFirstHold, insertPlacingHold } from './change-hold';

/**
 * The one writer of deposit holds against the lifecycle (issue 25): from every status, every move either does
 * what HOLD_MOVES says or is refused (null) and changes nothing, not even `updated_at`.
 */

let handle: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Database;
let registrationId: string;
const holdId = uniqueId('dh');

beforeAll(async () => {
  handle = await createTestDatabase();
  db = handle.db;
  const event = await factories(db).event({ bidDepositAmount: 50_000, bidDepositCurrency: 'USD' });
  const userId = uniqueId('u');
  await db.insert(users).values({ id: userId, email: `${userId}@example.test`, name: 'Bidder' });
  registrationId = uniqueId('reg');
  await db.insert(registrations).values({
    id: registrationId,
    eventId: event.id,
    userId,
    status: 'approved',
    depositAmount: 50_000,
    depositCurrency: 'USD',
    depositStatus: 'failed',
  });
  await insertPlacingHold(
    db,
    { id: holdId, registrationId, provider: 'sandbox', amount: 50_000, currency: 'USD' },
    sql`now() + interval '7 days'`,
  );
});
afterAll(() => handle.cleanup());

const stored = async () => (await db.select().from(depositHolds).where(eq(depositHolds.id, holdId)))[0];

describe('changeHold', () => {
  it('has the database’s statuses, and a new hold is being placed (failed, no provider id, no message)', async () => {
    expect([...depositHoldStatus.enumValues]).toEqual([...DEPOSIT_HOLD_STATUSES]);
    expect(await stored()).toMatchObject({ status: 'failed', providerHoldId: null, failureMessage: null });
  });

  it('moves a hold exactly as the lifecycle allows, from every status, and refuses every other move', async () => {
    for (const status of DEPOSIT_HOLD_STATUSES)
      for (const move of Object.keys(HOLD_MOVES) as HoldMove[]) {
        // Test data: the hold put in `status` directly.
        await db
          .update(depositHolds)
          .set({ status, providerHoldId: null, updatedAt: sql`'2000-01-01T00:00:00Z'` })
          .where(eq(depositHolds.id, holdId));
        const before = await stored();
        const answer = await db.transaction((tx) => changeHold(tx, holdId, move, { providerHoldId: 'sbh_1' }));
        const after = await stored();
        const rule = HOLD_MOVES[move];
        const what = `${move} from ${status}`;
        if (!(rule.from as readonly string[]).includes(status)) {
          expect(answer, what).toBeNull();
          expect(after, what).toEqual(before);
          continue;
        }
        expect(answer, what).toEqual({ id: holdId, providerHoldId: 'sbh_1' });
        expect(after?.status, what).toBe(rule.to);
        expect(after?.updatedAt.getTime(), what).toBeGreaterThan(before?.updatedAt.getTime() ?? 0);
      }
    await expect(db.transaction((tx) => changeHold(tx, holdId, 'capture' as HoldMove))).rejects.toMatchObject({
      code: 'CONFLICT',
    });
  });

  it('deletes only a hold still being placed with a refused first registration', async () => {
    await db.update(depositHolds).set({ status: 'held' }).where(eq(depositHolds.id, holdId));
    await deleteRefusedFirstHold(db, registrationId);
    expect(await stored()).toBeDefined();
    await db.update(depositHolds).set({ status: 'failed' }).where(eq(depositHolds.id, holdId));
    await deleteRefusedFirstHold(db, registrationId);
    expect(await stored()).toBeUndefined();
  });
});
