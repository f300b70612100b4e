import type { Database } from '@lotline/db';
import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import { bossDatabase } from './boss-database';
import { createQueue } from './create-queue';

/**
 * The job runner (decision 0031): pg-boss on the application's database,
 * PGlite or PostgreSQL. A job is a named queue with one handler. A periodic
 * job runs once per period across all API processes and never twice at once;
 * a sent job runs once its `startAfter` has passed and is retried when it
 * fails. Delivery is at least once: every handler must be idempotent.
 */

export interface JobOptions {
  /** Periodic: runs at start, then once per period of this many whole seconds across all processes. */
  everySeconds?: number;
  /** Further attempts after a failure; periodic jobs default to 0 (the next period is the retry), sent jobs to 3. */
  retryLimit?: number;
  retryDelaySeconds?: number;
  retryBackoff?: boolean;
  /** A run taking longer is failed (and retried); keep it well above the longest run. Default 15 minutes. */
  expireInSeconds?: number;
  /** The log line when a run fails. */
  failureMessage?: string;
  /** How often this job's worker looks for due jobs (≥ 0.5); defaults to the runner's. A sent job's lag is up to this. */
  pollingIntervalSeconds?: number;
}

export interface RunningJob<T> {
  id: string;
  data: T;
  /** Start of the period a periodic run belongs to (the database's clock); null for a sent job. */
  period: Date | null;
  startAfter: Date;
  startedOn: Date;
  retryCount: number;
}

export type JobHandler<T> = (job: RunningJob<T>) => Promise<unknown>;

export interface SendOptions {
  /** A Date, or seconds from now. */
  startAfter?: Date | number;
  /** A job id derived from what the job is about (a uuid): a second send with it is ignored. */
  id?: string;
}

export interface JobRunner {
  /** Before start(): declares a job and its handler. */
  register<T>(name: string, handler: JobHandler<T>, options?: JobOptions): void;
  start(): Promise<void>;
  /**
   * Queues a run of a registered job; null when ignored (same id). Never call
   * it inside a transaction on PGlite: its one connection is held by the
   * transaction and the send would wait forever.
   */
  send<T extends object>(name: string, data: T, options?: SendOptions): Promise<string | null>;
  /** Resolves when the next run of `name` in this process ends, whatever its outcome (for tests). */
  settled(name: string): Promise<void>;
  /** Stops polling and ticking, waits for the runs in flight, then leaves the database alone. */
  stop(): Promise<void>;
  /** Started and not stopping: its workers poll (what /readyz waits for, decision 0095). */
  isRunning(): boolean;
}

interface Registered {
  name: string;
  handler: JobHandler<unknown>;
  options: JobOptions;
  workerId?: string;
  ticking?: boolean;
}

/** Completed jobs stay this long in the job table: longer than any period, so a period's job is never made twice. */
const ARCHIVE_AFTER_S = 2 * 3600;
/** After pg-boss's own graceful stop, how long stop() still waits for runs in flight. */
const STOP_WAIT_MS = 10_000;

export function createJobRunner(
  db: Database,
  options: { log: FastifyBaseLogger; pollingIntervalSeconds?: number },
): JobRunner {
  const { log } = options;
  const database = bossDatabase(db, (err) => log.error({ err }, 'could not record the end of a job'));
  const boss = new PgBoss({
    db: database,
    // No cron: periods are ours (below), so that they can be shorter than a minute.
    schedule: false,
    archiveCompletedAfterSeconds: ARCHIVE_AFTER_S,
    deleteAfterDays: 3,
  });
  boss.on('error', (err) => log.error({ err }, 'the job runner hit an error'));
  const jobs = new Map<string, Registered>();
  // The run in flight per job in this process: pg-boss stops waiting for a run
  // at its expiry and fetches the next, while the first may still be going.
  const running = new Map<string, Promise<unknown>>();
  const waiters = new Map<string, (() => void)[]>();
  const timers: NodeJS.Timeout[] = [];
  let state: 'new' | 'started' | 'stopping' = 'new';
  let starting: Promise<void> | undefined;
  let bossStarted = false;
  let stopped: Promise<void> | undefined;

  const run = async (job: Registered, found: PgBoss.JobWithMetadata<unknown>) => {
    if (state !== 'started') throw new Error('the job runner is stopping');
    if (running.has(job.name)) {
      // Failed rather than waited for, so a stuck run cannot hold the worker; retried as its queue says.
      log.warn({ job: job.name, id: found.id }, `the previous run of ${job.name} is still going: this one is dropped`);
      throw new Error(`the previous run of ${job.name} is still going`);
    }
    const current = (async () =>
      job.handler({
        id: found.id,
        data: found.data,
        period: found.singletonOn,
        startAfter: found.startAfter,
        startedOn: found.startedOn,
        retryCount: found.retryCount,
      }))();
    running.set(job.name, current);
    try {
      // Nothing is returned: pg-boss would store it as the job's JSON output, and a Date is not JSON.
      await current;
    } catch (err) {
      log.error({ err, job: job.name }, job.options.failureMessage ?? `the job ${job.name} failed`);
      throw err;
    } finally {
      running.delete(job.name);
      for (const resolve of waiters.get(job.name)?.splice(0) ?? []) resolve();
    }
  };

  // Every process sends the current period's job; the period's unique key keeps one.
  const tick = async (job: Registered, everySeconds: number) => {
    if (job.ticking || state !== 'started') return;
    job.ticking = true;
    try {
      const id = await boss.send(job.name, {}, { singletonSeconds: everySeconds });
      if (id && job.workerId) boss.notifyWorker(job.workerId);
    } catch (err) {
      log.error({ err, job: job.name }, 'could not queue a periodic job');
    } finally {
      job.ticking = false;
    }
  };

  return {
    register(name, handler, jobOptions = {}) {
      if (state !== 'new') throw new Error('register jobs before start()');
      const every = jobOptions.everySeconds;
      if (every !== undefined && !(Number.isInteger(every) && every >= 1 && every <= ARCHIVE_AFTER_S)) {
        throw new Error(`everySeconds must be a whole number of seconds from 1 to ${ARCHIVE_AFTER_S}`);
      }
      jobs.set(name, { name, handler: handler as JobHandler<unknown>, options: jobOptions });
    },

    start() {
      if (state !== 'new' || starting) throw new Error('the job runner starts once');
      starting = startWorkers();
      return starting;
    },

    async send(name, data, sendOptions = {}) {
      if (!jobs.has(name)) throw new Error(`no job named ${name}`);
      const { startAfter, id } = sendOptions;
      return boss.send(name, data, { ...(startAfter === undefined ? {} : { startAfter }), ...(id ? { id } : {}) });
    },

    settled(name) {
      return new Promise((resolve) => {
        const list = waiters.get(name) ?? [];
        list.push(resolve);
        waiters.set(name, list);
      });
    },

    isRunning() {
      return state === 'started';
    },

    stop() {
      state = 'stopping';
      stopped ??= (async () => {
        // A stop during start waits for it, so pg-boss is never left polling after stop() returned.
        await starting?.catch(() => undefined);
        if (!bossStarted) return;
        for (const timer of timers) clearInterval(timer);
        await boss.stop({ graceful: true, wait: true });
        await settledOrLate([...running.values()], STOP_WAIT_MS, () =>
          log.warn({ jobs: [...running.keys()] }, 'stopping without waiting longer for runs still going'),
        );
        await database.close();
      })();
      return stopped;
    },
  };

  async function startWorkers() {
    await boss.start();
    bossStarted = true;
    try {
      for (const job of jobs.values()) await createQueue(boss, job.name, job.options);
    } catch (err) {
      // pg-boss's maintenance timer would otherwise keep the process alive.
      await boss.stop({ graceful: false });
      bossStarted = false;
      throw err;
    }
    if (state === 'stopping') return;
    state = 'started';
    for (const job of jobs.values()) {
      job.workerId = await boss.work(
        job.name,
        {
          batchSize: 1,
          includeMetadata: true,
          pollingIntervalSeconds: job.options.pollingIntervalSeconds ?? options.pollingIntervalSeconds ?? 2,
        },
        ([found]) => (found ? run(job, found) : Promise.resolve()),
      );
      const every = job.options.everySeconds;
      if (every === undefined) continue;
      void tick(job, every);
      // Twice per period, so that a late timer never leaves a period without its job.
      const timer = setInterval(() => void tick(job, every), every * 500);
      timer.unref();
      timers.push(timer);
    }
  }
}

/** Waits for `runs` to settle, at most `ms`; calls `late` when they did not. */
async function settledOrLate(runs: Promise<unknown>[], ms: number, late: () => void): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), ms);
    timer.unref();
  });
  const outcome = await Promise.race([Promise.allSettled(runs), timeout]);
  clearTimeout(timer);
  if (outcome === 'late') late();
}
