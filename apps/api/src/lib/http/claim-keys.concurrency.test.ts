import { randomUUID } from 'node:crypto';
import type { Database } from '@lotline/db';
import { users } from '@lotline/db/schema';
import { createPostgresTestDatabase } from '@lotline/db/testing';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimKeys, type KeyedRequest } from './idempotency';

/**
 * `claimKeys` inserts a batch's keys in one fixed order (decision 0042), on
 * PostgreSQL (skipped without TEST_DATABASE_URL): two batches that hold keys
 * the other wants never wait for each other in a cycle. Built to deadlock if
 * the keys went in as given: T1 holds `a`; T2 sends `[b, a]`; T1 then claims
 * `b`. In order, T2 takes nothing before it waits for `a`, so T1 gets `b`.
 */

const baseUrl = process.env.TEST_DATABASE_URL;
let first: Database;
let second: Database;
let close: () => Promise<void>;
let userId: string;

describe.skipIf(!baseUrl)('claimKeys across two processes (PostgreSQL)', () => {
  beforeAll(async () => {
    const fresh = await createPostgresTestDatabase(baseUrl as string, { processes: 2, poolSize: 3 });
    [first, second] = fresh.handles.map((h) => h.db) as [Database, Database];
    close = fresh.cleanup;
    userId = `user_${randomUUID()}`;
    await first.insert(users).values({ id: userId, email: `${userId}@example.com`, name: 'Key Holder' });
  }, 60_000);

  afterAll(async () => {
    await close?.();
  });

  it('claims in one order, so two batches wanting each other’s keys never deadlock', async () => {
    const key = (k: string): KeyedRequest => ({ userId, key: k, hash: 'h', scope: 'POST /test' });
    const waiting = async () => {
      const result = await first.execute(sql`select count(*)::int as n from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock'`);
      return Number((result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
    };
    let t2: Promise<unknown> | undefined;
    await first.transaction(async (tx) => {
      expect(await claimKeys(tx, [key('a')])).toEqual([{ claimed: true }]);
      t2 = second.transaction((tx2) => claimKeys(tx2, [key('b'), key('a')]));
      // T2 is now waiting for `a`; in the order given it would hold `b` already.
      for (let i = 0; i < 200 && (await waiting()) === 0; i++) await new Promise((r) => setTimeout(r, 25));
      expect(await waiting()).toBeGreaterThanOrEqual(1);
      expect(await claimKeys(tx, [key('b')])).toEqual([{ claimed: true }]);
    });
    const claims = (await t2) as { claimed: boolean }[];
    expect(claims.map((c) => c.claimed)).toEqual([false, false]);
  }, 60_000);
});
