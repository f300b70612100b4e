import { type Database, queryRows } from '@lotline/db';
import { sql } from 'drizzle-orm';
import { lsnValue, ReplicaFreshness } from './replica-freshness';

/**
 * Where the API's replica-safe reads go (decision 0101): the streaming replica while it is at most `maxLagMs`
 * behind the primary, else the primary. Every `intervalMs` it asks the primary for its WAL position and the
 * replica for its last replayed one (ReplicaFreshness turns the two into a bound on the staleness). A replica
 * that does not answer, or is not a standby (no replay position: promoted, or the primary's own URL), is not
 * used until it answers as a standby again.
 */
export interface ReadRouterOptions {
  maxLagMs: number;
  intervalMs?: number;
  log?: (message: string) => void;
  /** A clock in ms (tests); performance.now() by default. */
  now?: () => number;
}

export class ReadRouter {
  readonly #freshness: ReplicaFreshness;
  readonly #maxLagMs: number;
  readonly #intervalMs: number;
  readonly #now: () => number;
  readonly #log: (message: string) => void;
  #timer: NodeJS.Timeout | undefined;
  #sampling: Promise<void> | undefined;
  #usable = false;

  constructor(
    private readonly primary: Database,
    private readonly replica: Database,
    options: ReadRouterOptions,
  ) {
    this.#maxLagMs = options.maxLagMs;
    this.#intervalMs = options.intervalMs ?? 250;
    this.#now = options.now ?? (() => performance.now());
    this.#log = options.log ?? (() => {});
    // Samples older than the bound cannot prove anything fresh enough.
    this.#freshness = new ReplicaFreshness(options.maxLagMs * 2 + this.#intervalMs * 4);
  }

  /** Starts sampling; the first sample is taken before it resolves. */
  async start(): Promise<void> {
    await this.sample();
    this.#timer = setInterval(() => {
      this.#sampling ??= this.sample().finally(() => {
        this.#sampling = undefined;
      });
    }, this.#intervalMs);
    this.#timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.#timer);
    await this.#sampling;
  }

  /** One round of the two positions (exported for tests; the timer calls it). */
  async sample(): Promise<void> {
    const at = this.#now();
    try {
      const [primary] = await queryRows<{ lsn: string }>(this.primary, sql`select pg_current_wal_lsn()::text as lsn`);
      if (!primary) return;
      this.#freshness.primaryAt(at, lsnValue(primary.lsn));
    } catch {
      // The primary is down: its reads fail anyway; the replica's freshness cannot be proved meanwhile.
      this.#freshness.replicaAt(null);
      return;
    }
    try {
      const [replica] = await queryRows<{ lsn: string | null }>(
        this.replica,
        sql`select pg_last_wal_replay_lsn()::text as lsn`,
      );
      this.#freshness.replicaAt(replica?.lsn ? lsnValue(replica.lsn) : null);
    } catch {
      this.#freshness.replicaAt(null);
    }
    this.#report();
  }

  /** At most how many ms the replica is behind now (Infinity when unknown). */
  staleness(): number {
    return this.#freshness.stalenessAt(this.#now());
  }

  /** The database a replica-safe read should use now. */
  current(): Database {
    return this.staleness() <= this.#maxLagMs ? this.replica : this.primary;
  }

  /**
   * A Database that sends each call to `current()` at the moment it is made, for route plugins that take a
   * Database when they are registered.
   */
  reads(): Database {
    return new Proxy({} as Database, {
      get: (_target, property) => {
        const db = this.current();
        const value = Reflect.get(db, property, db);
        return typeof value === 'function' ? value.bind(db) : value;
      },
    });
  }

  /** Logs when the replica starts or stops being used. */
  #report(): void {
    const usable = this.staleness() <= this.#maxLagMs;
    if (usable === this.#usable) return;
    this.#usable = usable;
    this.#log(
      usable
        ? 'The read replica is within its lag bound: search reads go to it'
        : 'The read replica is behind its lag bound or not answering: search reads go to the primary',
    );
  }
}
