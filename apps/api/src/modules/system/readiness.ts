import { type Database, migrationsApplied } from '@lotline/db';
import { sql } from 'drizzle-orm';
import { AppError } from '../../lib/errors';

/** What /readyz waits for besides the database: the process's job runner, when it has one. */
export interface RunnerState {
  isRunning(): boolean;
}

/** A balancer probes again after this many seconds. */
const RETRY_AFTER_SECONDS = 5;

/**
 * Whether this process should get traffic (decision 0095), unlike /healthz (alive): the database
 * answers, it has every migration, the job runner (main.ts's) has started, and the process is not
 * shutting down. main.ts calls `drain()` on SIGTERM, before the listener closes, so a balancer sees
 * 503 and moves traffic away while requests in flight still finish.
 */
export class Readiness {
  private draining = false;

  /** `jobs`: the runner of this process; an app built without one (tests, a tool) does not wait for it. */
  constructor(private readonly jobs?: RunnerState) {}

  drain(): void {
    this.draining = true;
  }

  async check(db: Database): Promise<{ ready: true }> {
    if (this.draining) throw notReady('The API is shutting down');
    try {
      await db.execute(sql`select 1`);
    } catch (cause) {
      throw notReady('The database is not answering', cause);
    }
    if (!(await migrationsApplied(db))) throw notReady('The database is missing migrations');
    if (this.jobs && !this.jobs.isRunning()) throw notReady('The job runner has not started');
    return { ready: true };
  }
}

const notReady = (message: string, cause?: unknown) =>
  new AppError('SERVICE_UNAVAILABLE', message, {
    headers: { 'retry-after': String(RETRY_AFTER_SECONDS) },
    ...(cause === undefined ? {} : { cause }),
  });
