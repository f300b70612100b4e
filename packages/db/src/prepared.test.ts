import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_NAMED_TEXTS, preparedName, queryPrepared } from './prepared';
import { createTestDatabase } from './testing';

/** Named statements (decision 0105): parsed and planned once per connection on PostgreSQL; plain on PGlite. */

let handle: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(() => handle?.cleanup());

describe('queryPrepared', () => {
  it('answers the rows, and on PostgreSQL keeps the statement prepared on the connection under its name', async () => {
    const query = (n: number) => sql`select ${n}::int + 1 as next, ${'a'}::text as label`;
    const name = preparedName('select $1::int + 1 as next, $2::text as label');
    const prepared = await handle.db.transaction(async (tx) => {
      expect(await queryPrepared(tx, query(1))).toEqual([{ next: 2, label: 'a' }]);
      expect(await queryPrepared(tx, query(41))).toEqual([{ next: 42, label: 'a' }]);
      if (!process.env.TEST_DATABASE_URL) return [];
      const result = await tx.execute(sql`select name from pg_prepared_statements where name = ${name ?? ''}`);
      return (result as unknown as { rows: { name: string }[] }).rows;
    });
    expect(prepared).toEqual(process.env.TEST_DATABASE_URL ? [{ name }] : []);
  });

  it('names a text by its hash, the same name each time, and no text past the bound', () => {
    const first = preparedName('select 1 as one');
    expect(first).toMatch(/^lotline_[0-9a-f]{24}$/);
    expect(preparedName('select 1 as one')).toBe(first);
    expect(preparedName('select 2 as two')).not.toBe(first);
    for (let i = 0; i < MAX_NAMED_TEXTS; i++) preparedName(`select ${i} as filler`);
    expect(preparedName('select 3 as three')).toBeUndefined();
    expect(preparedName('select 1 as one')).toBe(first);
  });
});
