import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { type Database, MIGRATIONS_DIR, queryRows } from './client';

/**
 * Whether the database has every migration this code ships (decision 0095's readiness). Drizzle's
 * migrator records each applied migration with its journal timestamp and applies those newer than the
 * last recorded one, so the database is current when its last is at least the journal's last.
 */

let latest: number | undefined;

/** The journal's last migration timestamp (ms), read once. */
function latestMigration(): number {
  if (latest === undefined) {
    const journal = JSON.parse(readFileSync(join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as {
      entries: { when: number }[];
    };
    latest = Math.max(0, ...journal.entries.map((e) => e.when));
  }
  return latest;
}

/** False too when the migrations table is missing (a database nothing was ever applied to). */
export async function migrationsApplied(db: Database): Promise<boolean> {
  let rows: { last: string | null }[];
  try {
    rows = await queryRows(db, sql`select max(created_at)::text as last from drizzle.__drizzle_migrations`);
  } catch {
    return false;
  }
  return Number(rows[0]?.last ?? 0) >= latestMigration();
}
