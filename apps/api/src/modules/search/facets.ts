import { type LotFacets, type LotSearchParams, SALE_FORMAT_LOT_TYPE } from '@lotline/contracts';
import type { Database } from '@lotline/db';
import { brands, productCategories } from '@lotline/db/schema';
import { inArray } from 'drizzle-orm';
import { correctKeyword } from './correct-keyword';
import { buildCategoryFacetTree } from './facets-category-tree';
import { categoryBySlug } from './fillers-conditions';
import { countLots, FACET_STATUSES, type LotCounts } from './lot-counts';

export interface LotFacetsOptions {
  now?: Date;
  allowPrivateSales?: boolean;
}

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
 * value would give (the usual "disjunctive" facets); each status value counts
 * as if that status were chosen. All come from one aggregate (lot-counts.ts).
 */
export async function computeLotFacets(
  db: Database,
  params: LotSearchParams,
  opts: LotFacetsOptions = {},
): Promise<LotFacets> {
  const counts = await countLots(db, params, {
    now: opts.now ?? new Date(),
    allowPrivateSales: opts.allowPrivateSales,
    facets: true,
  });
  return shapeLotFacets(db, counts);
}

/**
 * The response shape of the counts: category counts rolled up to their
 * ancestors into a tree (facets-category-tree.ts), brands with their names.
 */
export async function shapeLotFacets(db: Database, counts: LotCounts): Promise<LotFacets> {
  const [categories, manufacturer] = await Promise.all([categoryRows(db), manufacturerFacet(db, counts.byBrand)]);
  return {
    productCategory: buildCategoryFacetTree(categories, counts.byCategory),
    manufacturer,
    saleFormat: (['auction', 'buy-now', 'tender'] as const).map((value) => ({
      value,
      count: counts.byType.get(SALE_FORMAT_LOT_TYPE[value]) ?? 0,
    })),
    status: FACET_STATUSES.map((value) => ({ value, count: counts.byStatus.get(value) ?? 0 })),
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
