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
  poolSize?: number;
  log?: (message: string) => void;
}

export const MIGRATIONS_DIR = fileURLToPath(new URL('../migrations', import.meta.url));
/** Extensions the migrations need; PGlite must load them at creation. */
export const PGLITE_EXTENSIONS = { pg_trgm, cube, earthdistance, btree_gin };

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  const log = options.log ?? (() => {});
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      // The API's queries are short and many: compiling one with JIT costs more
      // (tens of ms) than it can save (decision 0008).
      options: '-c jit=off',
    });
    // An idle connection the server ends (a restart, a dropped database) is
    // an 'error' on the pool: without a listener it would crash the process.
    // The pool drops that client and opens another on the next query.
    pool.on('error', (err) => log(`PostgreSQL closed an idle connection: ${err.message}`));
    // Surface a wrong URL or a stopped server now, with the driver's message.
    await pool.query('select 1');
    const db = drizzleNodePg(pool, { schema }) as unknown as Database;
    log('Migrating PostgreSQL…');
    await migrateNodePg(db as never, { migrationsFolder: MIGRATIONS_DIR });
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
    const client = await PGlite.create({ dataDir: dataPath, extensions: PGLITE_EXTENSIONS });
    const db = drizzlePglite(client, { schema }) as unknown as Database;
    log('Migrating the embedded database…');
    await migratePglite(db as never, { migrationsFolder: MIGRATIONS_DIR });
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

/** Runs raw SQL and returns its rows; both drivers answer with `{ rows }`. */
export async function queryRows<T extends Record<string, unknown>>(db: Database, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
