import type { Database } from '@lotline/db';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';

/**
 * The count, point and match-count tables hold exactly the projection grouped by their keys (at the clock), with
 * no empty rows. Shared by the tests that prove them exact (search counts, publishing a seller's event).
 */
export async function expectCountTablesInStep(db: Database) {
  const keys = sql`category_id, brand_unique_name, type, status, hidden, private_sale, event_status`;
  const counted = sql`select ${keys}, quantity, ended_class, start_class, n from lot_search_counts`;
  const grouped = sql`select ${keys}, lot_search_quantity_key(quantity), lot_search_ended_class(ended_at, c.at),
      lot_search_start_class(start_at, c.at), count(*)::int
    from lot_search, lot_search_clock c group by 1, 2, 3, 4, 5, 6, 7, 8, 9, 10`;
  const missing = await db.execute(sql`${grouped} except all ${counted}`);
  const extra = await db.execute(sql`${counted} except all ${grouped}`);
  const points = sql`select lat, lon, count(*)::int from lot_search
    where lat is not null and lon is not null group by 1, 2`;
  const pointsMissing = await db.execute(sql`${points} except all select lat, lon, n from lot_search_points`);
  const pointsExtra = await db.execute(sql`select lat, lon, n from lot_search_points except all ${points}`);
  expect((pointsMissing as unknown as { rows: unknown[] }).rows).toEqual([]);
  expect((pointsExtra as unknown as { rows: unknown[] }).rows).toEqual([]);
  expect((missing as unknown as { rows: unknown[] }).rows).toEqual([]);
  expect((extra as unknown as { rows: unknown[] }).rows).toEqual([]);
  await expectMatchCountsInStep(db);
}

/**
 * The match-count table holds each counted term's lots (those its one-word keyword search matches, by the GIN
 * index's own rule) and each point's lots, grouped by the count table's keys at the clock (decision 0104).
 */
async function expectMatchCountsInStep(db: Database) {
  const keys = sql`category_id, brand_unique_name, type, status, hidden, private_sale, event_status,
    lot_search_quantity_key(quantity), lot_search_ended_class(ended_at, c.at), lot_search_start_class(start_at, c.at)`;
  const grouped = sql`select t.term, null::float8, null::float8, ${keys}, count(*)::int
      from lot_search s join lot_search_counted_terms t on s.document @@ to_tsquery('simple', t.term || ':*'),
        lot_search_clock c
      group by 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13
    union all
    select null, lat, lon, ${keys}, count(*)::int from lot_search, lot_search_clock c
      where lat is not null and lon is not null group by 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13`;
  const counted = sql`select term, lat, lon, category_id, brand_unique_name, type, status, hidden, private_sale,
    event_status, quantity, ended_class, start_class, n from lot_search_match_counts`;
  // A union of two queries: in parentheses, or EXCEPT would apply to its second part only.
  const missing = await db.execute(sql`(${grouped}) except all ${counted}`);
  const extra = await db.execute(sql`${counted} except all (${grouped})`);
  expect((missing as unknown as { rows: unknown[] }).rows).toEqual([]);
  expect((extra as unknown as { rows: unknown[] }).rows).toEqual([]);
}
