import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { type DatabaseHandle, openDatabase } from './client';

/** Where the run's template database is (set by test-template.ts, vitest's global setup; decision 0034). */
export const TEMPLATE_ENV = {
  /** A file holding the dump of a migrated PGlite. */
  pglite: 'LOTLINE_TEST_PGLITE_TEMPLATE',
  /** The name of a migrated PostgreSQL database on TEST_DATABASE_URL's server. */
  postgres: 'LOTLINE_TEST_POSTGRES_TEMPLATE',
} as const;

/**
 * A fresh, migrated database of its own for one test file: in-memory PGlite by
 * default, or a new PostgreSQL database (dropped on cleanup) when
 * TEST_DATABASE_URL is set. Each is a copy of the run's template when there is
 * one (under vitest), else migrated here; copies share nothing.
 */
export async function createTestDatabase(): Promise<DatabaseHandle & { cleanup(): Promise<void> }> {
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) {
    const template = process.env[TEMPLATE_ENV.pglite];
    const loadDataDir = template ? new Blob([await readFile(template)]) : undefined;
    // Migrating a copy of the template finds nothing to do.
    const handle = await openDatabase({ memory: true, loadDataDir });
    return { ...handle, cleanup: () => handle.close() };
  }
  const { handles, cleanup } = await createPostgresTestDatabase(baseUrl);
  return { ...(handles[0] as DatabaseHandle), cleanup };
}

/**
 * A new PostgreSQL database on `baseUrl`'s server (a copy of the run's
 * template when there is one), opened through `processes` pools of its own:
 * what that many API processes on one server see. `cleanup` closes them and
 * drops the database.
 */
export async function createPostgresTestDatabase(
  baseUrl: string,
  { processes = 1, poolSize = 4 }: { processes?: number; poolSize?: number } = {},
): Promise<{ handles: DatabaseHandle[]; cleanup(): Promise<void> }> {
  const name = `lotline_test_${randomBytes(6).toString('hex')}`;
  const template = process.env[TEMPLATE_ENV.postgres];
  await adminQuery(baseUrl, template ? `create database ${name} template ${template}` : `create database ${name}`);
  const handles: DatabaseHandle[] = [];
  for (let i = 0; i < processes; i++)
    handles.push(await openDatabase({ databaseUrl: databaseUrl(baseUrl, name), poolSize }));
  return {
    handles,
    cleanup: async () => {
      for (const handle of handles) await handle.close();
      await adminQuery(baseUrl, `drop database if exists ${name} with (force)`);
    },
  };
}

/** Runs one statement (create or drop database) on its own connection to TEST_DATABASE_URL's server. */
export async function adminQuery(baseUrl: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/** The connection string of another database on the same server. */
export function databaseUrl(baseUrl: string, name: string): string {
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
