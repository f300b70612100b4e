import { createRequire } from 'node:module';
import { queryRows } from '@lotline/db';
import { createTestDatabase } from '@lotline/db/testing';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bossDatabase } from './boss-database';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.cleanup());
const unawaited: unknown[] = [];
const reported = (err: unknown) => unawaited.push(err);

describe("pg-boss's connection", () => {
  it('answers statements with and without values as node-postgres does', async () => {
    const boss = bossDatabase(database.db, reported);
    expect((await boss.executeSql('select $1::int + 1 as n', [1])).rows).toEqual([{ n: 2 }]);
    expect((await boss.executeSql('select 3 as n', undefined as never)).rows).toEqual([{ n: 3 }]);
    await boss.close();
  });

  it('a failing BEGIN; …; COMMIT; string leaves no aborted transaction behind for the application', async () => {
    const boss = bossDatabase(database.db, reported);
    await expect(boss.executeSql('BEGIN; SELECT 1/0; COMMIT;', undefined as never)).rejects.toThrow(/division by zero/);
    // On PGlite this is the only connection: without the rollback every later query would fail.
    expect(await queryRows<{ n: number }>(database.db, sql`select 4 as n`)).toEqual([{ n: 4 }]);
    await boss.close();
  });

  it("reports instead of throwing an error of the statements pg-boss does not await (a job's end)", async () => {
    const boss = bossDatabase(database.db, reported);
    const complete = createRequire(import.meta.url)('pg-boss/src/plans.js').completeJobs('pgboss') as string;
    // No pgboss schema here: the statement fails.
    expect(await boss.executeSql(complete, ['x', [], null])).toBeUndefined();
    expect(unawaited).toHaveLength(1);
    await expect(boss.executeSql('select * from pgboss.job where name = $1', ['x'])).rejects.toThrow();
    await boss.close();
  });

  it('once closed, answers nothing instead of reaching the database', async () => {
    const boss = bossDatabase(database.db, reported);
    await boss.close();
    expect(await boss.executeSql('select 1/0', undefined as never)).toBeUndefined();
  });
});
