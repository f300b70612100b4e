import { createRequire } from 'node:module';
import type { Database } from '@lotline/db';
import type PgBoss from 'pg-boss';

/**
 * pg-boss's connection (decision 0031): its SQL goes through the client the
 * application already holds (the PGlite instance or the node-postgres pool
 * behind drizzle), so the runner works on both drivers and opens nothing.
 */

interface Result {
  rows: unknown[];
}

/** What we use of PGlite (duck-typed: apps/api does not depend on PGlite itself). */
interface PgliteClient {
  query(text: string, values?: unknown[]): Promise<Result>;
  exec(text: string): Promise<Result[]>;
  transaction<T>(fn: (tx: { exec(text: string): Promise<Result[]> }) => Promise<T>): Promise<T>;
}

/** What we use of a node-postgres pool. */
interface PoolClient {
  query(text: string, values?: unknown[]): Promise<Result | Result[]>;
  release(err?: Error): void;
}
interface Pool {
  query(text: string, values?: unknown[]): Promise<Result>;
  connect(): Promise<PoolClient>;
}

type Execute = (text: string, values?: unknown[]) => Promise<Result | Result[]>;

function isPglite(client: unknown): client is PgliteClient {
  return typeof (client as PgliteClient).exec === 'function';
}

/**
 * PGlite has one connection. pg-boss sends some commands as one string
 * `BEGIN; …; COMMIT;` without values: if a statement in it fails, the rest is
 * skipped and the connection stays in an aborted transaction, which breaks
 * every later query of the application. Running the string inside PGlite's
 * own transaction makes PGlite roll back on error, under its lock.
 */
function pgliteExecute(client: PgliteClient): Execute {
  return async (text, values) => {
    if (values && values.length > 0) return client.query(text, values);
    const results = await client.transaction((tx) => tx.exec(text));
    // node-postgres answers one result for one statement and an array for several.
    return results.length === 1 ? (results[0] as Result) : results;
  };
}

/** The same trap on a pooled connection: roll back on error before the connection goes back to the pool. */
function poolExecute(pool: Pool): Execute {
  return async (text, values) => {
    if (values && values.length > 0) return pool.query(text, values);
    const client = await pool.connect();
    let broken: Error | undefined;
    try {
      return await client.query(text);
    } catch (err) {
      try {
        await client.query('ROLLBACK');
      } catch (rollbackError) {
        broken = rollbackError as Error;
      }
      throw err;
    } finally {
      client.release(broken);
    }
  };
}

/**
 * pg-boss 10 does not await the statements that complete or fail a job
 * (manager.js, `watch`): an error there (a dropped connection) would be an
 * unhandled rejection, which ends the process. Those two are reported instead;
 * the job then expires and is retried. Their text comes from the pinned
 * pg-boss itself, so it matches exactly.
 */
const plans = createRequire(import.meta.url)('pg-boss/src/plans.js') as {
  completeJobs(schema: string): string;
  failJobsById(schema: string): string;
};
const UNAWAITED = new Set([plans.completeJobs('pgboss'), plans.failJobsById('pgboss')]);

export interface BossDatabase extends PgBoss.Db {
  /** Lets the statements in flight finish; later ones answer nothing, as pg-boss's own closed pool does. */
  close(): Promise<void>;
}

export function bossDatabase(db: Database, onUnawaitedError: (err: unknown) => void): BossDatabase {
  const client = (db as unknown as { $client: unknown }).$client;
  const execute = isPglite(client) ? pgliteExecute(client) : poolExecute(client as Pool);
  const inFlight = new Set<Promise<unknown>>();
  let closed = false;
  return {
    async executeSql(text: string, values?: unknown[]) {
      // pg-boss reads `undefined` as "nothing done" (its own Db after close); a late
      // completion from a worker still stopping must not reach a closed database.
      if (closed) return undefined as unknown as Result;
      const running = execute(text, values);
      inFlight.add(running);
      try {
        return (await running) as Result;
      } catch (err) {
        if (!UNAWAITED.has(text)) throw err;
        onUnawaitedError(err);
        return undefined as unknown as Result;
      } finally {
        inFlight.delete(running);
      }
    },
    async close() {
      closed = true;
      await Promise.allSettled([...inFlight]);
    },
  };
}
