import type { LotSearchParams, LotSearchResponse } from '@lotline/contracts';
import type { Database } from '@lotline/db';
import { productCategories } from '@lotline/db/schema';
import { and, asc, count, eq, type SQL, sql } from 'drizzle-orm';
import { AppError } from '../../lib/errors';
import { paginationOf } from '../../lib/pagination';
import { selectLotCards } from '../lots/select-lot-cards';
import type { FeatureOverrides } from '../platform/get-feature-flags';
import { correctKeyword } from './correct-keyword';
import { shapeLotFacets } from './facets';
import { lotNumberOf, tsQueryOf } from './keyword';
import { countLots } from './lot-counts';
import {
  buildLotMatchConditions,
  buildLotSearchConditions,
  type LotSearchOptions,
  lotSearch,
  pointsWithin,
  statusBranches,
  subtreeIdsOf,
} from './lot-search-filter';

export interface SearchLotsOptions {
  now?: Date;
  allowPrivateSales?: boolean;
  soldOnly?: boolean;
  /** Also count the facets, from the same aggregate as the total. */
  facets?: boolean;
}

/**
 * Lot search over the search projection (spec §2 browse parameters, §5 rules).
 * Three steps: check the parameters that need the database (category slug)
 * and correct the keyword; the page's ids from the projection alone (no joins)
 * and, beside them, the total (and facets) from lot-counts.ts; then the card
 * columns and photos of only those ids.
 */
export async function searchLots(
  db: Database,
  params: LotSearchParams,
  flags: FeatureOverrides,
  options: SearchLotsOptions = {},
): Promise<LotSearchResponse> {
  const now = options.now ?? new Date();
  if (params.sort === 'near-me' && (params['geo-lat'] === undefined || params['geo-lon'] === undefined)) {
    throw AppError.validation('The near-me sort needs geo-lat and geo-lon', 'sort');
  }
  const [, corrected, geoPoints] = await Promise.all([
    checkCategory(db, params['product-category']),
    correctKeyword(db, params.keyword),
    pointsWithin(db, params),
  ]);
  const searched = { ...params, keyword: corrected.keyword };
  const conditionOptions = {
    now,
    allowPrivateSales: options.allowPrivateSales,
    soldOnly: options.soldOnly,
    geoPoints,
  };
  const where = and(...buildLotSearchConditions(searched, conditionOptions));

  const pageSize = params['page-size'];
  const [pageRows, counts] = await Promise.all([
    searched.sort === 'near-me'
      ? nearMePage(db, searched, where)
      : endingSoonByBranch(searched)
        ? endingSoonPage(db, searched, conditionOptions)
        : sortedPage(db, searched, where, conditionOptions),
    // The counts read every lot at the points anyway, and the looked-up form
    // reads them from the covering index alone: they do not take the names.
    countLots(db, searched, { ...conditionOptions, geoPoints: undefined, facets: options.facets ?? false }),
  ]);
  const [lots, facets] = await Promise.all([
    selectLotCards(db, { ids: pageRows.map((r) => r.id) }, flags),
    options.facets ? shapeLotFacets(db, counts) : undefined,
  ]);

  return {
    lots,
    pagination: paginationOf({ pageNumber: params.page, pageSize }, counts.total),
    correctedKeyword: corrected.correctedKeyword,
    ...(facets ? { facets } : {}),
  };
}

/** A page in the order of the sort (recent, sequence, ending-soon of past lots): one query in index order. */
async function sortedPage(
  db: Database,
  params: LotSearchParams,
  where: SQL | undefined,
  options: LotSearchOptions,
): Promise<{ id: string }[]> {
  const byCategory = await recentCategoryPage(db, params, options);
  if (byCategory !== undefined) return byCategory;
  const pageSize = params['page-size'];
  return db
    .select({ id: lotSearch.lotId })
    .from(lotSearch)
    .where(where)
    .orderBy(...orderOf(params))
    .limit(pageSize)
    .offset((params.page - 1) * pageSize);
}

/** Up to this many categories in a subtree, its page by recent is read category by category (below). */
const CATEGORY_BRANCHES_MAX = 64;

/**
 * A category's page by recent. As one query, the created-at index is walked in
 * order and each lot's category checked in the heap: page 20 of a category
 * holding 6 % of the lots passed over 34,000 rows at 1M lots (43 ms). Each
 * category of the subtree instead gives its first page × size rows from the
 * (category_id, created_at) index, and the merged rows give the page.
 * Undefined (the one query serves) with a keyword, geo or event filter, which
 * are not in that index, or a subtree too large to read branch by branch.
 */
async function recentCategoryPage(
  db: Database,
  params: LotSearchParams,
  options: LotSearchOptions,
): Promise<{ id: string }[] | undefined> {
  const slug = params['product-category'];
  if (slug === undefined || params.sort !== 'recent' || buildLotMatchConditions(params).length > 0) return undefined;
  const categories = await rowsOf<{ id: string }>(db, subtreeIdsOf(slug));
  if (categories.length === 0 || categories.length > CATEGORY_BRANCHES_MAX) return undefined;
  const pageSize = params['page-size'];
  const upTo = params.page * pageSize;
  const others = and(...buildLotSearchConditions(params, { ...options, exclude: 'productCategory' }));
  const branches = categories.map(
    ({ id }) => sql`(select ${lotSearch.lotId} as id, ${lotSearch.createdAt} as created_at from ${lotSearch}
      where ${and(others, eq(lotSearch.categoryId, id))}
      order by ${lotSearch.createdAt} desc nulls last, ${lotSearch.lotId} asc limit ${upTo})`,
  );
  return rowsOf<{ id: string }>(
    db,
    sql`select id from (${sql.join(branches, sql` union all `)}) as b
      order by created_at desc nulls last, id asc limit ${pageSize} offset ${upTo - pageSize}`,
  );
}

async function checkCategory(db: Database, slug: string | undefined): Promise<void> {
  if (slug === undefined) return;
  const [found] = await db
    .select({ id: productCategories.id })
    .from(productCategories)
    .where(eq(productCategories.slug, slug))
    .limit(1);
  if (!found) throw AppError.validation(`Unknown product category '${slug}'`, 'product-category');
}

/**
 * The sort of spec §2 (default ending-soon), always ending with the lot id so
 * that pages never repeat or skip a lot. When the client gave a keyword but no
 * sort, relevance breaks ties within the same end time.
 */
function orderOf(params: LotSearchParams): SQL[] {
  const tail = [asc(lotSearch.lotId)];
  switch (params.sort) {
    case 'recent':
      return [sql`${lotSearch.createdAt} desc nulls last`, ...tail];
    case 'sequence':
      return [asc(lotSearch.sequence), ...tail];
    default:
      return [sql`${lotSearch.endedAt} asc nulls last`, sql`${relevanceOf(params)} desc`, ...tail];
  }
}

/** The keyword's relevance when it breaks end-time ties (a keyword and no explicit sort), else 0. */
function relevanceOf(params: LotSearchParams): SQL {
  const query =
    params.sort === undefined && params.keyword !== undefined && lotNumberOf(params.keyword) === undefined
      ? tsQueryOf(params.keyword)
      : undefined;
  return query === undefined ? sql`0::real` : sql`ts_rank(${lotSearch.document}, to_tsquery('simple', ${query}))`;
}

/**
 * A near-me page: nearest first, lots at the same distance by id, lots without
 * a point last. Lots share points (a sale's location), so the walk goes over
 * the distinct points (lot_search_points) nearest first and reads each one's
 * matching lots from the (lat, lon, lot_id) index, stopping once the page is
 * full; nothing measures every lot. The straight-line distance through the
 * earth (cube `<->`) orders points as the distance along the surface does.
 */
async function nearMePage(db: Database, params: LotSearchParams, where: SQL | undefined): Promise<{ id: string }[]> {
  const pageSize = params['page-size'];
  const offset = (params.page - 1) * pageSize;
  const upTo = offset + pageSize;
  const centre = sql`ll_to_earth(${params['geo-lat'] ?? 0}, ${params['geo-lon'] ?? 0})`;
  // Each point's distance is measured once (materialized), and each point
  // gives at most a page's worth of its lots, read in id order from the index.
  const page = await rowsOf<{ id: string }>(
    db,
    sql`with p as materialized (
        select lat, lon, ll_to_earth(lat, lon) <-> ${centre} as d from lot_search_points
      )
      select s.lot_id as id from p
      cross join lateral (
        select ${lotSearch.lotId} from ${lotSearch}
        where ${lotSearch.lat} = p.lat and ${lotSearch.lon} = p.lon and ${where}
        order by ${lotSearch.lotId} asc limit ${upTo}
      ) as s
      order by p.d asc, s.lot_id asc limit ${pageSize} offset ${offset}`,
  );
  if (page.length === pageSize) return page;
  // The page runs past the located lots: the rest comes from those without a point.
  const located = and(where, sql`${lotSearch.lat} is not null and ${lotSearch.lon} is not null`);
  const [total] = await db.select({ n: count() }).from(lotSearch).where(located);
  const unlocated = await db
    .select({ id: lotSearch.lotId })
    .from(lotSearch)
    .where(and(where, sql`(${lotSearch.lat} is null or ${lotSearch.lon} is null)`))
    .orderBy(asc(lotSearch.lotId))
    .limit(pageSize - page.length)
    .offset(Math.max(0, offset - (total?.n ?? 0)));
  return [...page, ...unlocated];
}

async function rowsOf<T>(db: Database, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** Ending soon (the default sort) over a view of several status branches. */
function endingSoonByBranch(params: LotSearchParams): boolean {
  return (params.sort === undefined || params.sort === 'ending-soon') && params.status !== 'past';
}

/**
 * An ending-soon page of a view made of several status branches (active lots
 * ending later, open-ended ones, upcoming ones; see statusBranches). Read as
 * one query, the OR of the branches hides the "ends after now" bound from the
 * (status, ended_at) index, and the scan in end order would first pass over
 * every lot that has already ended. Each branch instead reads its first
 * page × size rows in index order; the merged, re-sorted rows give the page.
 */
async function endingSoonPage(
  db: Database,
  params: LotSearchParams,
  options: LotSearchOptions,
): Promise<{ id: string }[]> {
  const { now } = options;
  const pageSize = params['page-size'];
  const upTo = params.page * pageSize;
  const others = and(...buildLotSearchConditions(params, { ...options, exclude: 'status' }));
  const relevance = relevanceOf(params);
  const branches = statusBranches(params.status, now, options.soldOnly ?? false).map(
    (branch) => sql`(select ${lotSearch.lotId} as id, ${lotSearch.endedAt} as ended_at, ${relevance} as relevance
      from ${lotSearch} where ${and(others, branch)}
      order by ${lotSearch.endedAt} asc nulls last, relevance desc, ${lotSearch.lotId} asc limit ${upTo})`,
  );
  return rowsOf<{ id: string }>(
    db,
    sql`select id from (${sql.join(branches, sql` union all `)}) as b
      order by ended_at asc nulls last, relevance desc, id asc limit ${pageSize} offset ${upTo - pageSize}`,
  );
}
