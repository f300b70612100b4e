import { randomUUID } from 'node:crypto';
import { idempotencyKeys, users } from '@lotline/db/schema';
import { createTestDatabase } from '@lotline/db/testing';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepIdempotencyKeys } from './sweep-idempotency-keys';

let handle: Awaited<ReturnType<typeof createTestDatabase>>;
const userId = `user_${randomUUID()}`;

beforeAll(async () => {
  handle = await createTestDatabase();
  await handle.db.insert(users).values({ id: userId, email: `${userId}@example.com`, name: 'Key Keeper' });
});
afterAll(async () => {
  await handle.cleanup();
});

describe('the idempotency-key sweep', () => {
  it('deletes answered keys older than 7 days, keeping newer ones and unanswered ones', async () => {
    const key = (name: string, age: string, answered: boolean) => ({
      userId,
      key: name,
      scope: 'POST /things',
      requestHash: 'h',
      responseStatus: answered ? 201 : null,
      responseBody: answered ? { status: 'success' } : null,
      createdAt: sql`now() - ${age}::interval`,
    });
    await handle.db
      .insert(idempotencyKeys)
      .values([
        key('old', '8 days', true),
        key('week-less-a-minute', '7 days - 1 minute', true),
        key('fresh', '1 minute', true),
        key('unanswered', '8 days', false),
      ] as never);
    expect(await sweepIdempotencyKeys(handle.db)).toBe(1);
    const left = await handle.db
      .select({ key: idempotencyKeys.key })
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.userId, userId));
    expect(left.map((k) => k.key).sort()).toEqual(['fresh', 'unanswered', 'week-less-a-minute']);
    expect(await sweepIdempotencyKeys(handle.db)).toBe(0);
  });
});
