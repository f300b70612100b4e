import { type LotSearchParams, SALE_FORMAT_LOT_TYPE } from '@lotline/contracts';
import type { Database } from '@lotline/db';
import { lotSearch, productCategories } from '@lotline/db/schema';
import { ENDING_DATE_WINDOWS, endingDateApplies, endingDateBound } from '@lotline/domain';
import { openNowBranchesSql, pastSql, soldViewSql, upcomingSql } from '@lotline/domain/lot-lifecycle-sql';
import { and, eq, inArray, lte, not, or, type SQL, sql } from 'drizzle-orm';
import { type LotSearchRow, lotSearchRow, visibleLotSearchCondition } from '../lots/visibility';
import { lotNumberOf, tsQueryOf } from './keyword';

export { lotSearch };

/** A filter left out so that a facet can count its own values under all the others. */
export type LotSearchFacet = 'productCategory' | 'manufacturer' | 'saleFormat' | 'status';

export interface LotSearchOptions {
  now: Date;
  exclude?: LotSearchFacet | undefined;
  /** Private-sale events are excluded unless allowed (spec §5); the public endpoint never allows them. */
  allowPrivateSales?: boolean | undefined;
  /** The "sold" view: past without unsold lots (spec §5). */
  soldOnly?: boolean | undefined;
  /** Where the filters read their columns; the projection unless given. */
  row?: LotSearchRow | undefined;
  /** The points within the geo filter's distance, when the caller looked them up (pointsWithin). */
  geoPoints?: readonly GeoPoint[] | undefined;
}

export interface GeoPoint {
  lat: number;
  lon: number;
}

/**
 * Up to this many points, a geo filter may name them as constants, which the
 * planner estimates from the (lat, lon) statistics (migration 0008): a page
 * query then walks the end-time index instead of reading every lot of the
 * points (8 ms against 65 ms at 1M lots). Counts, which read every lot at the
 * points anyway, do better with the looked-up form (index-only). Beyond this
 * many points the condition always looks them up.
 */
export const GEO_POINTS_AS_CONSTANTS = 500;

const MILE_METRES = 1609.344;
export const GEO_DISTANCE_METRES = {
  '100mi': 100 * MILE_METRES,
  '500mi': 500 * MILE_METRES,
  '1000mi': 1000 * MILE_METRES,
};

/**
 * Every instant a search at `now` compares the end or start time of a lot with:
 * now itself and the ends of the ending-date windows (search/lot-counts.ts
 * corrects its classified counts around these).
 */
export function searchInstants(now: Date): Date[] {
  return [now, ...ENDING_DATE_WINDOWS.map((window) => endingDateBound(now, window))];
}

/**
 * The WHERE conditions of a lot search over `lot_search` (one per browse
 * parameter of spec §2, plus visibility), ANDed by the caller. `params.keyword`
 * is used as given: callers that want typo correction pass the keyword
 * returned by `correctKeyword` (see search-lots.ts).
 */
export function buildLotSearchConditions(params: LotSearchParams, options: LotSearchOptions): SQL[] {
  return [...buildLotFilterConditions(params, options), ...buildLotMatchConditions(params, options.geoPoints)];
}

/** The filters of a browse on the columns of `LotSearchRow`, one per parameter; undefined when not set. */
export interface LotFilterParts {
  visible: SQL;
  status: SQL;
  saleFormat: SQL | undefined;
  endingDate: SQL | undefined;
  productCategory: SQL | undefined;
  manufacturer: SQL | undefined;
}

/**
 * The conditions on the columns of `LotSearchRow` (visibility, status, sale
 * format, ending date, category, manufacturer): they can be evaluated on
 * another relation with those columns (`options.row`).
 */
export function buildLotFilterConditions(params: LotSearchParams, options: LotSearchOptions): SQL[] {
  const parts = lotFilterParts(params, options);
  const { exclude } = options;
  return [
    parts.visible,
    exclude === 'status' ? undefined : parts.status,
    exclude === 'saleFormat' ? undefined : parts.saleFormat,
    parts.endingDate,
    exclude === 'productCategory' ? undefined : parts.productCategory,
    exclude === 'manufacturer' ? undefined : parts.manufacturer,
  ].filter((c): c is SQL => c !== undefined);
}

export function lotFilterParts(params: LotSearchParams, options: Omit<LotSearchOptions, 'exclude'>): LotFilterParts {
  const { now } = options;
  const row = options.row ?? lotSearchRow;
  const saleFormat = params['sale-format'];
  const ending = params['ending-date'];
  const category = params['product-category'];
  const brands = params.manufacturer;
  return {
    visible: visibleLotSearchCondition(now, options.allowPrivateSales ?? false, row),
    status: statusCondition(params.status, now, options.soldOnly ?? false, row),
    saleFormat: saleFormat === 'all' ? undefined : eq(row.type, SALE_FORMAT_LOT_TYPE[saleFormat]),
    // Ending-date windows do not apply to past lots or buy-now listings (spec §5).
    endingDate:
      ending === 'all' || !endingDateApplies({ status: params.status, saleFormat })
        ? undefined
        : lte(row.endedAt, endingDateBound(now, ending)),
    productCategory: category === undefined ? undefined : categorySubtree(category, row),
    manufacturer: brands === undefined || brands.length === 0 ? undefined : inArray(row.brandUniqueName, brands),
  };
}

/** The keyword and geo conditions: they need the projection's document, number and point. */
export function buildLotMatchConditions(params: LotSearchParams, geoPoints?: readonly GeoPoint[]): SQL[] {
  const conditions: SQL[] = [];
  // An event's own lots (its page): the count table has no event column, so this counts over matching rows.
  if (params['event-id'] !== undefined) conditions.push(eq(lotSearch.eventId, params['event-id']));
  const keyword = params.keyword;
  if (keyword !== undefined) {
    const number = lotNumberOf(keyword);
    if (number !== undefined) conditions.push(sql`lower(${lotSearch.number}) = ${number.toLowerCase()}`);
    else {
      const query = tsQueryOf(keyword);
      // A keyword with no searchable word (only punctuation) matches nothing.
      conditions.push(query ? sql`${lotSearch.document} @@ to_tsquery('simple', ${query})` : sql`false`);
    }
  }

  const geo = geoFilterOf(params);
  if (geo && geoPoints !== undefined && geoPoints.length <= GEO_POINTS_AS_CONSTANTS) {
    if (geoPoints.length === 0) conditions.push(sql`false`);
    else {
      const list = sql.join(
        geoPoints.map((p) => sql`(${p.lat}::float8, ${p.lon}::float8)`),
        sql`, `,
      );
      conditions.push(sql`(${lotSearch.lat}, ${lotSearch.lon}) in (${list})`);
    }
  } else if (geo) {
    // Lots share points (a sale's location): the points within the distance
    // are found among the distinct ones (lot_search_points), and their lots
    // through the (lat, lon) index.
    conditions.push(sql`(${lotSearch.lat}, ${lotSearch.lon}) in (
      select p.lat, p.lon from lot_search_points p where ${pointWithin(geo, sql`p`)})`);
  }
  return conditions;
}

/** earth_box is the indexable (GiST) pre-filter; earth_distance trims its corners. */
export function pointWithin(geo: { lat: number; lon: number; metres: number }, table: SQL): SQL {
  const centre = sql`ll_to_earth(${geo.lat}, ${geo.lon})`;
  const point = sql`ll_to_earth(${table}.lat, ${table}.lon)`;
  return sql`earth_box(${centre}, ${geo.metres}) @> ${point} and earth_distance(${centre}, ${point}) <= ${geo.metres}`;
}

/**
 * The distinct points of lots within the geo filter's distance, or undefined
 * without a geo filter: looked up once, then named in the search's conditions.
 */
export async function pointsWithin(db: Database, params: LotSearchParams): Promise<GeoPoint[] | undefined> {
  const geo = geoFilterOf(params);
  if (!geo) return undefined;
  const result = (await db.execute(
    sql`select p.lat, p.lon from lot_search_points p where ${pointWithin(geo, sql`p`)} order by 1, 2
      limit ${GEO_POINTS_AS_CONSTANTS + 1}`,
  )) as unknown as { rows: { lat: number | string; lon: number | string }[] };
  return result.rows.map((r) => ({ lat: Number(r.lat), lon: Number(r.lon) }));
}

/** The geo filter applies only when lat, lon and distance are all present (spec §5). */
export function geoFilterOf(params: LotSearchParams): { lat: number; lon: number; metres: number } | undefined {
  const lat = params['geo-lat'];
  const lon = params['geo-lon'];
  const distance = params['geo-distance'];
  if (lat === undefined || lon === undefined || distance === undefined) return undefined;
  return { lat, lon, metres: GEO_DISTANCE_METRES[distance] };
}

function statusCondition(status: LotSearchParams['status'], now: Date, soldOnly: boolean, row: LotSearchRow): SQL {
  const branches = statusBranches(status, now, soldOnly, row);
  return branches.length === 1 ? (branches[0] as SQL) : (or(...branches) as SQL);
}

/**
 * The status view as disjoint conditions whose OR is the view (spec §5), each
 * one an index range on (status, ended_at) or (status, start_at), so that an
 * ending-soon page can be read branch by branch in index order (search-lots.ts).
 */
export function statusBranches(
  status: LotSearchParams['status'],
  now: Date,
  soldOnly: boolean,
  row: LotSearchRow = lotSearchRow,
): SQL[] {
  // Past lots by status alone (the close is recorded), whatever their end time says.
  if (status === 'past') return [soldOnly ? soldViewSql(row) : pastSql(row)];
  const active = openNowBranchesSql(row, now);
  // Not yet open: the seed and sellers schedule these as Pending with a future start.
  const upcoming = [upcomingSql(row, now)];
  const view = status === 'active' ? active : status === 'upcoming' ? upcoming : [...active, ...upcoming];
  // Active and upcoming views exclude tender lots that have already ended (spec §5).
  const endedTender = and(eq(row.type, 'TenderLot'), lte(row.endedAt, now)) as SQL;
  return view.map((branch) => and(branch, not(endedTender)) as SQL);
}

/**
 * Lots in the category with this slug or any category under it: the ids of
 * that subtree are read from the (small) category tree when the query runs,
 * once (an init plan), and the lot's own category id is looked up among them
 * (lot_search_category_idx; a hashed set over the count table's rows). The
 * projection holds no path, so moving a branch changes no lot row (decision
 * 0086). An unknown slug matches nothing; the use-case rejects it first.
 */
function categorySubtree(slug: string, row: LotSearchRow): SQL {
  return sql`${row.categoryId} = any(array(${subtreeIdsOf(slug)}))`;
}

/** The ids of the category with this slug and of every category under it (one column, id). */
export function subtreeIdsOf(slug: string): SQL {
  return sql`select d.id from ${productCategories} d join ${productCategories} c
    on starts_with(d.path_id, c.path_id) where c.slug = ${slug}`;
}
