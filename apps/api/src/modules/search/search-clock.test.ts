import { createTestDatabase } from '@lotline/db/testing';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { advanceSearchClock, startSearchClock } from './search-clock';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.cleanup());

async function clock(): Promise<number> {
  const result = (await database.db.execute(sql`select at from lot_search_clock`)) as unknown as {
    rows: { at: Date | string }[];
  };
  return new Date(result.rows[0]?.at ?? 0).getTime();
}

describe('search count clock', () => {
  it('moves forward, never back', async () => {
    const ahead = new Date(Date.now() + 3_600_000);
    expect((await advanceSearchClock(database.db, ahead)).getTime()).toBe(ahead.getTime());
    expect(await clock()).toBe(ahead.getTime());
    const behind = new Date(ahead.getTime() - 60_000);
    expect((await advanceSearchClock(database.db, behind)).getTime()).toBe(ahead.getTime());
    expect(await clock()).toBe(ahead.getTime());
  });

  it('the runner moves it at once and stops cleanly; failures go to onError', async () => {
    const errors: unknown[] = [];
    const before = await clock();
    const stop = startSearchClock(database.db, { intervalMs: 10, onError: (err) => errors.push(err) });
    await new Promise((resolve) => setTimeout(resolve, 50));
    await stop();
    // The clock was an hour ahead of the real time, so the runner left it there.
    expect(await clock()).toBe(before);
    expect(errors).toEqual([]);
    await database.db.execute(sql`update lot_search_clock set at = now() - interval '1 hour'`);
    const stopAgain = startSearchClock(database.db, { intervalMs: 10, onError: (err) => errors.push(err) });
    await new Promise((resolve) => setTimeout(resolve, 50));
    await stopAgain();
    expect(Date.now() - (await clock())).toBeLessThan(60_000);
    expect(errors).toEqual([]);
  });
});
