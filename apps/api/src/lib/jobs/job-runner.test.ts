import { randomUUID } from 'node:crypto';
import { type DatabaseHandle, openDatabase, queryRows } from '@lotline/db';
import { createTestDatabase } from '@lotline/db/testing';
import { sql } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createJobRunner, type JobRunner } from './job-runner';

/**
 * The job runner's promises (decision 0031), on PGlite and, with
 * TEST_DATABASE_URL, on PostgreSQL. Two runners on one database stand for two
 * API processes: on PostgreSQL each has its own pool, as a process would.
 */

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
let database: Awaited<ReturnType<typeof createTestDatabase>>;
const extraHandles: DatabaseHandle[] = [];
const runners: JobRunner[] = [];
const logLines: string[] = [];
const log = pino({ level: 'warn' }, { write: (line: string) => logLines.push(line) });

beforeAll(async () => {
  database = await createTestDatabase();
});
afterEach(async () => {
  await Promise.all(runners.splice(0).map((r) => r.stop()));
  logLines.length = 0;
});
afterAll(async () => {
  for (const handle of extraHandles) await handle.close();
  await database.cleanup();
});

/** A runner on the test database; `ownPool` gives it its own connections on PostgreSQL (another process). */
async function runner(ownPool = false): Promise<JobRunner> {
  let db = database.db;
  if (ownPool && onPostgres) {
    const url = (database.db as unknown as { $client: { options: { connectionString: string } } }).$client.options
      .connectionString;
    const handle = await openDatabase({ databaseUrl: url, poolSize: 4 });
    extraHandles.push(handle);
    db = handle.db;
  }
  const r = createJobRunner(db, { log, pollingIntervalSeconds: 0.5 });
  runners.push(r);
  return r;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until `done()` holds; fails the test after `ms`. */
async function until(done: () => boolean, ms = 8_000) {
  const deadline = Date.now() + ms;
  while (!done()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await sleep(50);
  }
}

describe('the job runner', () => {
  it('never runs a periodic job twice at once, even with two runners and a run longer than two periods', async () => {
    const [a, b] = [await runner(), await runner(true)];
    let active = 0;
    let most = 0;
    let started = 0;
    let endedBeforeSecond = 0;
    let ended = 0;
    const slow = async () => {
      started++;
      if (started === 2) endedBeforeSecond = ended;
      active++;
      most = Math.max(most, active);
      await sleep(2_100);
      active--;
      ended++;
    };
    a.register('slow', slow, { everySeconds: 1 });
    b.register('slow', slow, { everySeconds: 1 });
    await Promise.all([a.start(), b.start()]);
    await until(() => started >= 2);
    // The next period's run waited for the first to end instead of starting beside it.
    expect(endedBeforeSecond).toBe(1);
    expect(most).toBe(1);
  }, 15_000);

  it('does not start a run beside one that outlasted its expiry (pg-boss stops waiting for it)', async () => {
    const r = await runner();
    let active = 0;
    let most = 0;
    let started = 0;
    r.register(
      'outlasts',
      async () => {
        started++;
        active++;
        most = Math.max(most, active);
        await sleep(2_500);
        active--;
      },
      { everySeconds: 1, expireInSeconds: 1 },
    );
    await r.start();
    await until(() => logLines.some((line) => line.includes('the previous run of outlasts is still going')));
    expect(started).toBe(1);
    expect(most).toBe(1);
  }, 15_000);

  it('retries a failing job, which then succeeds', async () => {
    const r = await runner();
    const attempts: number[] = [];
    r.register(
      'flaky',
      async (job) => {
        attempts.push(job.retryCount);
        if (attempts.length === 1) throw new Error('a passing failure');
      },
      { retryLimit: 2, retryDelaySeconds: 0 },
    );
    await r.start();
    const id = await r.send('flaky', { lot: 1 });
    await until(() => attempts.length >= 2);
    expect(attempts).toEqual([0, 1]);
    // pg-boss stores the completion just after the handler returns.
    const stateOf = async () =>
      (await queryRows<{ state: string }>(database.db, sql`select state from pgboss.job where id = ${id}`))[0]?.state;
    let state = await stateOf();
    for (let i = 0; i < 50 && state !== 'completed'; i++) {
      await sleep(100);
      state = await stateOf();
    }
    expect(state).toBe('completed');
    expect(logLines.some((line) => line.includes('a passing failure'))).toBe(true);
  });

  it('runs a delayed job only once its startAfter has passed', async () => {
    const r = await runner();
    const runs: { startAfter: Date; startedOn: Date }[] = [];
    r.register('later', async (job) => {
      runs.push({ startAfter: job.startAfter, startedOn: job.startedOn });
    });
    await r.start();
    const [{ now } = { now: new Date() }] = await queryRows<{ now: Date | string }>(
      database.db,
      sql`select now() as now`,
    );
    await r.send('later', {}, { startAfter: 2 });
    // Several polls happen meanwhile: none takes it early.
    await sleep(1_200);
    expect(runs).toHaveLength(0);
    await until(() => runs.length === 1);
    const [run] = runs;
    expect(new Date(run?.startAfter ?? 0).getTime() - new Date(now).getTime()).toBeGreaterThanOrEqual(1_900);
    expect(new Date(run?.startedOn ?? 0).getTime()).toBeGreaterThanOrEqual(new Date(run?.startAfter ?? 0).getTime());
  });

  it('says it runs only between its start and its stop (what /readyz waits for)', async () => {
    const r = await runner();
    r.register('running-probe', async () => undefined);
    expect(r.isRunning()).toBe(false);
    const started = r.start();
    expect(r.isRunning()).toBe(false);
    await started;
    expect(r.isRunning()).toBe(true);
    const stopped = r.stop();
    expect(r.isRunning()).toBe(false);
    await stopped;
    expect(r.isRunning()).toBe(false);
  });

  it('stops for good when stop() comes while start() is still going', async () => {
    const r = await runner();
    let runs = 0;
    r.register('early-stop', async () => void runs++, { everySeconds: 1 });
    const started = r.start();
    await r.stop();
    await started;
    expect(r.isRunning()).toBe(false);
    const before = runs;
    await sleep(2_500);
    expect(runs).toBe(before);
    await expect(r.send('early-stop', {})).rejects.toThrow();
  });

  it('ignores a second send with the same id', async () => {
    const r = await runner();
    let runs = 0;
    r.register('once', async () => {
      runs++;
    });
    await r.start();
    const id = randomUUID();
    expect(await r.send('once', {}, { id })).toBe(id);
    expect(await r.send('once', {}, { id })).toBeNull();
    await until(() => runs === 1);
  });

  it.skipIf(!onPostgres)(
    'with two API processes, runs a periodic job once per period (PostgreSQL only: PGlite serves one process)',
    async () => {
      const [a, b] = [await runner(true), await runner(true)];
      const periods: (string | null)[] = [];
      const tick = async (job: { period: Date | null }) => {
        periods.push(job.period ? new Date(job.period).toISOString() : null);
      };
      a.register('tick', tick, { everySeconds: 1 });
      b.register('tick', tick, { everySeconds: 1 });
      await Promise.all([a.start(), b.start()]);
      await until(() => periods.length >= 4);
      await Promise.all([a.stop(), b.stop()]);
      expect(periods.every((p) => p !== null)).toBe(true);
      expect(new Set(periods).size).toBe(periods.length);
    },
    15_000,
  );
});
