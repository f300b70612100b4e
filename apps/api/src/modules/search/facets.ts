import {
  type LotFacets,
  type LotSearchParams,
  SALE_FORMAT_LOT_TYPE,
  SEARCH_STATUSES,
  type SearchStatus,
} from '@lotline/contracts';
import type { Database } from '@lotline/db';
import { brands, lotSearch, productCategories } from '@lotline/db/schema';
import { and, inArray, type SQL, sql } from 'drizzle-orm';
import { correctKeyword } from './correct-keyword';
import { buildCategoryFacetTree } from './facets-category-tree';
import { countGroups, type GroupedFacet } from './facets-group-counts';
import { categoryBySlug } from './fillers-conditions';
import { buildLotSearchConditions, type LotSearchFacet } from './lot-search-filter';

export interface LotFacetsOptions {
  now?: Date;
  allowPrivateSales?: boolean;
}

const FACET_STATUSES = SEARCH_STATUSES.filter(
  (s): s is Exclude<SearchStatus, 'active-and-upcoming'> => s !== 'active-and-upcoming',
);

/**
 * The facets endpoint: the same checks and keyword correction as the lot
 * search (search-lots.ts), so that the counts describe its results.
 */
export async function getLotFacets(db: Database, params: LotSearchParams, opts: LotFacetsOptions = {}) {
  const category = params['product-category'];
  const [, corrected] = await Promise.all([
    category === undefined ? undefined : categoryBySlug(db, category),
    correctKeyword(db, params.keyword),
  ]);
  return computeLotFacets(db, { ...params, keyword: corrected.keyword }, opts);
}

/**
 * Facet counts of the browse filters. Each facet counts the lots that match
 * every active filter except its own, so a buyer sees what choosing another
 * value would give (the usual "disjunctive" facets). All are counts over the
 * search projection alone. A facet whose own filter is not set shares the
 * full WHERE, so those are counted together in one scan (GROUPING SETS); a
 * set one gets its own scan. Category counts are grouped by category id and
 * rolled up to ancestors in TypeScript (the category table is small).
 */
export async function computeLotFacets(
  db: Database,
  params: LotSearchParams,
  opts: LotFacetsOptions = {},
): Promise<LotFacets> {
  const now = opts.now ?? new Date();
  const allowPrivateSales = opts.allowPrivateSales;
  const where = (exclude?: LotSearchFacet) =>
    and(...buildLotSearchConditions(params, { now, exclude, allowPrivateSales }));

  const active: Record<GroupedFacet, boolean> = {
    productCategory: params['product-category'] !== undefined,
    manufacturer: (params.manufacturer?.length ?? 0) > 0,
    saleFormat: params['sale-format'] !== 'all',
  };
  const grouped: GroupedFacet[] = ['productCategory', 'manufacturer', 'saleFormat'];
  const shared = grouped.filter((f) => !active[f]);
  const [categories, status, ...counts] = await Promise.all([
    categoryRows(db),
    // Over every status's rows: ending-date does not bound past lots, so it is left to each status's own count.
    statusFacet(
      db,
      params,
      now,
      allowPrivateSales,
      and(
        ...buildLotSearchConditions({ ...params, 'ending-date': 'all' }, { now, exclude: 'status', allowPrivateSales }),
      ),
    ),
    countGroups(db, where(), shared),
    ...grouped.filter((f) => active[f]).map((f) => countGroups(db, where(f), [f])),
  ]);
  const of = (facet: GroupedFacet) => counts.find((c) => c.has(facet))?.get(facet) ?? new Map<string, number>();

  return {
    productCategory: buildCategoryFacetTree(categories, of('productCategory')),
    manufacturer: await manufacturerFacet(db, of('manufacturer')),
    saleFormat: (['auction', 'buy-now', 'tender'] as const).map((value) => ({
      value,
      count: of('saleFormat').get(SALE_FORMAT_LOT_TYPE[value]) ?? 0,
    })),
    status,
  };
}

function categoryRows(db: Database) {
  return db
    .select({
      id: productCategories.id,
      name: productCategories.name,
      slug: productCategories.slug,
      parentId: productCategories.parentId,
      pathId: productCategories.pathId,
    })
    .from(productCategories);
}

async function manufacturerFacet(db: Database, counts: Map<string, number>) {
  if (counts.size === 0) return [];
  // Names only for the brands that have lots: a short lookup after the group-by.
  const names = await db
    .select({ uniqueName: brands.uniqueName, name: brands.name })
    .from(brands)
    .where(inArray(brands.uniqueName, [...counts.keys()]));
  const nameOf = new Map(names.map((b) => [b.uniqueName, b.name]));
  return [...counts]
    .map(([uniqueName, n]) => ({ uniqueName, name: nameOf.get(uniqueName) ?? uniqueName, count: n }))
    .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name) || a.uniqueName.localeCompare(b.uniqueName));
}

/**
 * Status windows interact with other filters (ending-date does not apply to
 * past lots, ended tenders leave the active views), so each value's count
 * uses the search's own conditions for that status: one scan, one filtered
 * count per value, over the rows matching everything but the status.
 */
async function statusFacet(
  db: Database,
  params: LotSearchParams,
  now: Date,
  allowPrivateSales: boolean | undefined,
  where: SQL | undefined,
) {
  const selection = Object.fromEntries(
    FACET_STATUSES.map((status) => {
      const conditions = and(...buildLotSearchConditions({ ...params, status }, { now, allowPrivateSales }));
      return [status, sql<number>`count(*) filter (where ${conditions})`.mapWith(Number)];
    }),
  ) as Record<(typeof FACET_STATUSES)[number], SQL.Aliased<number> | SQL<number>>;
  const [row] = await db
    .select(selection as never)
    .from(lotSearch)
    .where(where);
  const counts = (row ?? {}) as Record<string, number>;
  return FACET_STATUSES.map((value) => ({ value, count: counts[value] ?? 0 }));
}
