import type { Executor } from '@lotline/db';
import { type SQL, sql } from 'drizzle-orm';

/**
 * Set-based upkeep of the search projection for the staff writes that move
 * many lots at once: a category merged, a brand merged (decision 0083). A
 * category move needs none: the projection holds category ids, not paths
 * (decision 0086). The lot and category row triggers (migration 0003) rebuild a lot's
 * projection row per changed row, and each rebuild fires the count and
 * vocabulary triggers again: right for a seller's edit, far too slow for a
 * merge of a hundred thousand lots. Migration 0039 lets a transaction turn
 * those row triggers off for itself; the writer then rewrites the rows here,
 * in the same transaction, so the count table is exact at commit as before.
 *
 * Both helpers work in batches of BATCH rows, each batch one statement: every
 * statement stays well inside the API's statement timeout and the triggers'
 * transition tables stay small, however many lots the change touches. A
 * batch's ids are one array (`= any(array(…))`), so the rows are reached
 * through the primary key: as a semi-join the planner read all of `event_lots`
 * per batch at 1,000,000 lots, the last (empty) batch included (decision 0086).
 */
const BATCH = 10_000;

/** Turns the per-row projection triggers off until this transaction ends (or `refreshLotSearch` is done). */
export async function beginBulkLotSearch(tx: Executor): Promise<void> {
  await tx.execute(sql`select set_config('lotline.lot_search_bulk', 'on', true)`);
}

/** Runs a `with done as (… returning 1) select count(*)` statement until it touches no row; returns the total. */
async function inBatches(tx: Executor, statement: SQL): Promise<number> {
  let total = 0;
  for (;;) {
    const result = await tx.execute(statement);
    const n = Number((result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
    total += n;
    if (n < BATCH) return total;
  }
}

/**
 * Sets `changes` on the lots `which` selects (a condition on `event_lots`
 * that the change itself makes false, e.g. "brand_id = the merged brand"),
 * BATCH lots per statement; returns how many lots changed.
 */
export function updateLotsInBatches(tx: Executor, changes: SQL, which: SQL): Promise<number> {
  return inBatches(
    tx,
    sql`with done as (
      update event_lots set ${changes}, updated_at = now()
      where id = any(array(select id from event_lots where ${which} limit ${sql.raw(String(BATCH))}))
      returning 1)
    select count(*)::int as n from done`,
  );
}

/**
 * Rewrites the catalog columns of the projection rows that `staleRows`
 * selects (a condition on `lot_search s`, on an indexed column, that the
 * rewrite makes false: the merged category's id, the merged brand's key) from
 * what the lots, categories and brands now say. Only the catalog columns can
 * be stale: a bulk writer changes nothing else of a lot. Then turns the row
 * triggers back on for the rest of the transaction.
 */
export async function refreshLotSearch(tx: Executor, staleRows: SQL): Promise<void> {
  await inBatches(
    tx,
    sql`with done as (
      update lot_search s set
        category_id = v.category_id,
        brand_id = v.brand_id, brand_unique_name = v.brand_unique_name, document = v.document
      from lot_search_source v
      where v.lot_id = s.lot_id
        and s.lot_id = any(array(select s.lot_id from lot_search s where ${staleRows} limit ${sql.raw(String(BATCH))}))
      returning 1)
    select count(*)::int as n from done`,
  );
  await tx.execute(sql`select set_config('lotline.lot_search_bulk', '', true)`);
}
