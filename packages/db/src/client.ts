import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { cube } from '@electric-sql/pglite/contrib/cube';
import { earthdistance } from '@electric-sql/pglite/contrib/earthdistance';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { SQL } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { lockDataDir } from './lock';
import * as schema from './schema/index';

export type Schema = typeof schema;
/** The one database type the application codes against, whatever the driver. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export interface DatabaseHandle {
  db: Database;
  driver: 'pglite' | 'postgres';
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** PostgreSQL connection string; when absent the embedded PGlite is used. */
  databaseUrl?: string | undefined;
  /** Directory of the embedded database (PGlite lives in `<dataDir>/pglite`). */
  dataDir?: string | undefined;
  /** In-memory PGlite, for tests. */
  memory?: boolean;
  /** PGlite only: start from this dump of a migrated database (the tests' template, decision 0034), not an empty one. */
  loadDataDir?: Blob | undefined;
  poolSize?: number;
  /**
   * Longest a statement of the application may run, in ms; 0 = no limit (the seed CLI).
   * Default DB_TIMEOUTS.statementMs. Migrations always run without it.
   */
  statementTimeoutMs?: number;
  log?: (message: string) => void;
}

/**
 * Timeouts of every database wait (decision 0028). PostgreSQL: opening a
 * connection, a statement (server side, and the client gives up a little later
 * if the server never answers), a transaction left idle, waiting for a lock.
 * PGlite accepts `statement_timeout` but, measured on 0.5.x, does not enforce
 * it (there is no timer signal in its WebAssembly build); it is set anyway.
 */
export const DB_TIMEOUTS = {
  connectMs: 10_000,
  statementMs: 30_000,
  idleInTransactionMs: 60_000,
  lockMs: 10_000,
} as const;

/** The node-postgres pool settings for a connection string (exported for its test). */
export function postgresPoolConfig(
  connectionString: string,
  options: { poolSize?: number | undefined; statementTimeoutMs?: number | undefined } = {},
): pg.PoolConfig {
  const statementMs = options.statementTimeoutMs ?? DB_TIMEOUTS.statementMs;
  return {
    connectionString,
    max: options.poolSize ?? 10,
    connectionTimeoutMillis: DB_TIMEOUTS.connectMs,
    // The server's own limit answers first; this one covers a server that stops answering at all.
    ...(statementMs > 0 ? { query_timeout: statementMs + 5_000 } : {}),
    // The API's queries are short and many: compiling one with JIT costs more
    // (tens of ms) than it can save (decision 0008).
    options: [
      '-c jit=off',
      `-c statement_timeout=${statementMs}`,
      `-c idle_in_transaction_session_timeout=${DB_TIMEOUTS.idleInTransactionMs}`,
      `-c lock_timeout=${DB_TIMEOUTS.lockMs}`,
    ].join(' '),
  };
}

/** The session advisory lock the migrations run under on PostgreSQL, per database ("lotl" in ASCII). */
export const MIGRATION_LOCK = 0x6c6f746c;
export const MIGRATIONS_DIR = fileURLToPath(new URL('../migrations', import.meta.url));
/** Extensions the migrations need; PGlite must load them at creation. */
export const PGLITE_EXTENSIONS = { pg_trgm, cube, earthdistance, btree_gin };

/**
 * A PostgreSQL streaming replica for reads (decision 0101): a pool only, never migrated (a standby takes no
 * writes; the primary's migrations reach it by replication), with the same timeouts as the primary's pool.
 */
export function openReadReplica(
  databaseUrl: string,
  options: { poolSize?: number; log?: (message: string) => void } = {},
): DatabaseHandle {
  const pool = new pg.Pool(postgresPoolConfig(databaseUrl, options));
  pool.on('error', (err) => options.log?.(`The read replica closed an idle connection: ${err.message}`));
  const db = drizzleNodePg(pool, { schema }) as unknown as Database;
  return { db, driver: 'postgres', close: () => pool.end() };
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  const log = options.log ?? (() => {});
  if (options.databaseUrl) {
    // Migrations first, on a connection of their own without the statement timeout (an index build may be long).
    const migrator = new pg.Client({
      connectionString: options.databaseUrl,
      connectionTimeoutMillis: DB_TIMEOUTS.connectMs,
    });
    // Surface a wrong URL or a stopped server now, with the driver's message.
    await migrator.connect();
    try {
      // Several API processes may start at once (a cluster, a restart of all of them, decision 0099): the first
      // to take the lock migrates, the others wait for it and then find nothing to do. Without it two processes
      // ran the same migration side by side and the second died on a duplicate key.
      await migrator.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
      log('Migrating PostgreSQL…');
      await migrateNodePg(drizzleNodePg(migrator, { schema }) as never, { migrationsFolder: MIGRATIONS_DIR });
    } finally {
      // Ending the session releases the lock, also when the migration failed.
      await migrator.end();
    }
    const pool = new pg.Pool(postgresPoolConfig(options.databaseUrl, options));
    // An idle connection the server ends (a restart, a dropped database) is
    // an 'error' on the pool: without a listener it would crash the process.
    // The pool drops that client and opens another on the next query.
    pool.on('error', (err) => log(`PostgreSQL closed an idle connection: ${err.message}`));
    const db = drizzleNodePg(pool, { schema }) as unknown as Database;
    return { db, driver: 'postgres', close: () => pool.end() };
  }

  let unlock = () => {};
  let dataPath: string | undefined;
  if (!options.memory) {
    const dataDir = options.dataDir ?? './data';
    unlock = lockDataDir(dataDir);
    dataPath = join(dataDir, 'pglite');
    mkdirSync(dataPath, { recursive: true });
  }
  try {
    const { client, db } = await createMigratedPglite(dataPath, options.loadDataDir, log);
    await client.exec(`SET statement_timeout = ${options.statementTimeoutMs ?? DB_TIMEOUTS.statementMs}`);
    return {
      db,
      driver: 'pglite',
      close: async () => {
        await client.close();
        unlock();
      },
    };
  } catch (error) {
    unlock();
    throw error;
  }
}

/** PGlite with the extensions the migrations need, migrated (a copy of a migrated dump finds nothing to do). */
async function createMigratedPglite(
  dataDir: string | undefined,
  loadDataDir: Blob | undefined,
  log: (m: string) => void,
) {
  const client = await PGlite.create({
    dataDir,
    extensions: PGLITE_EXTENSIONS,
    ...(loadDataDir ? { loadDataDir } : {}),
  });
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  log('Migrating the embedded database…');
  await migratePglite(db as never, { migrationsFolder: MIGRATIONS_DIR });
  return { client, db };
}

/** A migrated in-memory PGlite, dumped: the tests' template database (decision 0034). */
export async function dumpMigratedPglite(): Promise<Blob> {
  const { client } = await createMigratedPglite(undefined, undefined, () => {});
  try {
    return await client.dumpDataDir('gzip');
  } finally {
    await client.close();
  }
}

/** Runs raw SQL and returns its rows; both drivers answer with `{ rows }`. */
export async function queryRows<T extends Record<string, unknown>>(db: Database, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
