import { createTestDatabase } from '@lotline/db/testing';
import { sql } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJobRunner } from '../../lib/jobs/job-runner';
import { advanceSearchClock, registerSearchClock } from './search-clock';

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

  it('the job moves it at start and each period, and stops cleanly; failures go to the log', async () => {
    const errors: string[] = [];
    const log = pino({ level: 'error' }, { write: (line: string) => errors.push(line) });
    const jobs = createJobRunner(database.db, { log, pollingIntervalSeconds: 0.5 });
    registerSearchClock(jobs, database.db, { everySeconds: 1 });
    const before = await clock();
    const first = jobs.settled('search-clock');
    await jobs.start();
    try {
      await first;
      // The clock was an hour ahead of the real time, so the job left it there.
      expect(await clock()).toBe(before);
      await database.db.execute(sql`update lot_search_clock set at = now() - interval '1 hour'`);
      await jobs.settled('search-clock');
    } finally {
      await jobs.stop();
    }
    expect(Date.now() - (await clock())).toBeLessThan(60_000);
    expect(errors).toEqual([]);
  });
});
