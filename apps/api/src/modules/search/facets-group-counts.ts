import type { Database } from '@lotline/db';
import { lotSearch } from '@lotline/db/schema';
import { count, type SQL, sql } from 'drizzle-orm';

/** The facets counted by grouping on one projection column. */
export type GroupedFacet = 'productCategory' | 'manufacturer' | 'saleFormat';

const COLUMN = {
  productCategory: lotSearch.categoryId,
  manufacturer: lotSearch.brandUniqueName,
  saleFormat: lotSearch.type,
} as const;

export type GroupCounts = Map<GroupedFacet, Map<string, number>>;

/**
 * Counts per value of several facets that share one WHERE, in one scan of the
 * projection: GROUPING SETS ((category_id), (brand_unique_name), (type)).
 * `grouping(col) = 0` tells which set a row belongs to (a NULL value is also
 * NULL in the other sets). Lots with no category or brand are not counted.
 */
export async function countGroups(db: Database, where: SQL | undefined, facets: GroupedFacet[]): Promise<GroupCounts> {
  const result: GroupCounts = new Map(facets.map((f) => [f, new Map<string, number>()]));
  if (facets.length === 0) return result;
  const selection: Record<string, SQL.Aliased | SQL> = { n: sql`${count()}` };
  for (const facet of facets) {
    selection[`v_${facet}`] = sql`${COLUMN[facet]}`;
    selection[`g_${facet}`] = sql`grouping(${COLUMN[facet]})`;
  }
  const sets = sql.join(
    facets.map((f) => sql`(${COLUMN[f]})`),
    sql`, `,
  );
  const rows = (await db
    .select(selection as never)
    .from(lotSearch)
    .where(where)
    .groupBy(sql`grouping sets (${sets})`)) as Record<string, unknown>[];
  for (const row of rows) {
    for (const facet of facets) {
      const value = row[`v_${facet}`];
      if (Number(row[`g_${facet}`]) === 0 && typeof value === 'string') {
        result.get(facet)?.set(value, Number(row.n));
      }
    }
  }
  return result;
}
