import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DB_TIMEOUTS, openDatabase, postgresPoolConfig, queryRows } from './client';
import { DatabaseLockedError } from './lock';
import { companies } from './schema/index';
import { adminQuery, createTestDatabase, databaseUrl } from './testing';

describe('openDatabase (embedded)', () => {
  it('migrates, keeps data across restarts and re-migrates idempotently', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'lotline-db-'));
    const first = await openDatabase({ dataDir });
    await first.db.insert(companies).values({ id: 'co_1', slug: 'acme', name: 'Acme Surplus' });
    await first.close();

    const second = await openDatabase({ dataDir });
    const rows = await second.db.select({ id: companies.id }).from(companies);
    expect(rows).toEqual([{ id: 'co_1' }]);
    await second.close();
  });

  it('refuses a second open of the same data directory', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'lotline-db-'));
    const first = await openDatabase({ dataDir });
    await expect(openDatabase({ dataDir })).rejects.toBeInstanceOf(DatabaseLockedError);
    await first.close();
  });
});

describe('createTestDatabase', () => {
  it('has the search extensions the migrations installed', async () => {
    const handle = await createTestDatabase();
    try {
      const result = await queryRows<{ extname: string }>(
        handle.db,
        sql`select extname from pg_extension where extname in ('pg_trgm','cube','earthdistance','btree_gin') order by extname`,
      );
      expect(result.map((r) => r.extname)).toEqual(['btree_gin', 'cube', 'earthdistance', 'pg_trgm']);
      const distance = await queryRows<{ km: number }>(
        handle.db,
        sql`select round((earth_distance(ll_to_earth(40.7128, -74.006), ll_to_earth(34.0522, -118.2437)) / 1000)::numeric) as km`,
      );
      expect(Number(distance[0]?.km)).toBeCloseTo(3936, -1);
    } finally {
      await handle.cleanup();
    }
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('openDatabase (PostgreSQL)', () => {
  it('lets several processes start on one empty database at once: one migrates, the others wait for it', async () => {
    const base = process.env.TEST_DATABASE_URL as string;
    const name = `lotline_test_migrate_${Date.now().toString(36)}`;
    await adminQuery(base, `create database ${name}`);
    try {
      // Three API processes' starts, side by side (each opens its own migration connection).
      const handles = await Promise.all([1, 2, 3].map(() => openDatabase({ databaseUrl: databaseUrl(base, name) })));
      try {
        const applied = await queryRows<{ n: number }>(
          handles[0]?.db as never,
          sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
        );
        const files = await queryRows<{ n: number }>(
          handles[2]?.db as never,
          sql`select count(*)::int as n from (select distinct hash from drizzle.__drizzle_migrations) m`,
        );
        expect(applied[0]?.n).toBeGreaterThan(40);
        expect(files[0]?.n).toBe(applied[0]?.n);
      } finally {
        for (const handle of handles) await handle.close();
      }
    } finally {
      await adminQuery(base, `drop database if exists ${name} with (force)`);
    }
  }, 120_000);

  it('survives the server ending its idle connections, and reconnects', async () => {
    const handle = await createTestDatabase();
    try {
      await queryRows(handle.db, sql`select 1`);
      // Another session ends this database's connections, as a restart or a forced drop would.
      await queryRows(
        handle.db,
        sql`select pg_terminate_backend(pid) from pg_stat_activity
            where datname = current_database() and pid <> pg_backend_pid()`,
      );
      const [me] = await queryRows<{ pid: number }>(handle.db, sql`select pg_backend_pid() as pid`);
      const admin = await openDatabase({ databaseUrl: process.env.TEST_DATABASE_URL, poolSize: 1 });
      try {
        await queryRows(admin.db, sql`select pg_terminate_backend(${me?.pid})`);
      } finally {
        await admin.close();
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
      // Without the pool's error listener the ended idle client would have crashed the process.
      const [row] = await queryRows<{ ok: number }>(handle.db, sql`select 1 as ok`);
      expect(row?.ok).toBe(1);
    } finally {
      await handle.cleanup();
    }
  });
});

describe('database timeouts (decision 0028)', () => {
  it('PostgreSQL connections carry connect, statement, idle-transaction and lock timeouts', () => {
    const config = postgresPoolConfig('postgres://u:p@db.example/lotline');
    expect(config.connectionTimeoutMillis).toBe(DB_TIMEOUTS.connectMs);
    expect(config.query_timeout).toBeGreaterThan(DB_TIMEOUTS.statementMs);
    expect(config.options).toContain(`-c statement_timeout=${DB_TIMEOUTS.statementMs}`);
    expect(config.options).toContain(`-c idle_in_transaction_session_timeout=${DB_TIMEOUTS.idleInTransactionMs}`);
    expect(config.options).toContain(`-c lock_timeout=${DB_TIMEOUTS.lockMs}`);
    expect(config.options).toContain('-c jit=off');
    const unlimited = postgresPoolConfig('postgres://u:p@db.example/lotline', { statementTimeoutMs: 0 });
    expect(unlimited.options).toContain('-c statement_timeout=0');
    expect(unlimited.query_timeout).toBeUndefined();
  });

  it('the embedded database has the statement timeout set', async () => {
    const handle = await openDatabase({ memory: true, statementTimeoutMs: 1234 });
    try {
      const [row] = await queryRows<{ statement_timeout: string }>(handle.db, sql`show statement_timeout`);
      expect(row?.statement_timeout).toBe('1234ms');
    } finally {
      await handle.close();
    }
  });
});
