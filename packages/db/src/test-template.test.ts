import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR, queryRows } from './client';
import { companies } from './schema/index';
import { createTestDatabase, TEMPLATE_ENV } from './testing';

/** Each test file's database is a copy of the run's migrated template (decision 0034). */

type TestDatabase = Awaited<ReturnType<typeof createTestDatabase>>;
const journal = JSON.parse(readFileSync(join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as { entries: unknown[] };

let first: TestDatabase;
let second: TestDatabase;

beforeAll(async () => {
  first = await createTestDatabase();
  second = await createTestDatabase();
});

afterAll(async () => {
  await first?.cleanup();
  await second?.cleanup();
});

describe('createTestDatabase', () => {
  it('copies the template the global setup made for this run', () => {
    const driver = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';
    expect(process.env[TEMPLATE_ENV[driver]]).toBeTruthy();
    expect(first.driver).toBe(driver);
  });

  it('gives a database with every migration applied', async () => {
    const [row] = await queryRows<{ n: number }>(
      first.db,
      sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
    );
    expect(row?.n).toBe(journal.entries.length);
  });

  it('gives copies that share nothing: a row written in one is in neither the other nor a later copy', async () => {
    await first.db.insert(companies).values({ id: 'co_template', slug: 'template-test', name: 'Template Test' });
    const inFirst = await first.db.select({ id: companies.id }).from(companies);
    expect(inFirst).toEqual([{ id: 'co_template' }]);
    expect(await second.db.select({ id: companies.id }).from(companies)).toEqual([]);
    const third = await createTestDatabase();
    try {
      expect(await third.db.select({ id: companies.id }).from(companies)).toEqual([]);
    } finally {
      await third.cleanup();
    }
  });
});
