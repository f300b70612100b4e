import { type LotSearchParams, SALE_FORMAT_LOT_TYPE } from '@lotline/contracts';
import { lotSearch, productCategories } from '@lotline/db/schema';
import { and, eq, inArray, isNull, not, or, type SQL, sql } from 'drizzle-orm';
import { visibleLotSearchCondition } from '../events/lot-visibility';
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
}

const MILE_METRES = 1609.344;
export const GEO_DISTANCE_METRES = {
  '100mi': 100 * MILE_METRES,
  '500mi': 500 * MILE_METRES,
  '1000mi': 1000 * MILE_METRES,
};
const DAY_MS = 86_400_000;

/** Past statuses of spec §5; `Ended` is the canonical form of the index's `ended`. */
const PAST = ['OrderPending', 'OrderPaid', 'OrderCancelled', 'Sold', 'Ended', 'Unsold'] as const;
const SOLD = ['OrderPending', 'OrderPaid', 'OrderCancelled', 'Sold', 'Ended'] as const;

/**
 * The WHERE conditions of a lot search over `lot_search` (one per browse
 * parameter of spec §2, plus visibility), ANDed by the caller. `params.keyword`
 * is used as given: callers that want typo correction pass the keyword
 * returned by `correctKeyword` (see search-lots.ts).
 */
export function buildLotSearchConditions(params: LotSearchParams, options: LotSearchOptions): SQL[] {
  const { now, exclude } = options;
  const conditions: SQL[] = [visibleLotSearchCondition(now, options.allowPrivateSales ?? false)];

  if (exclude !== 'status') conditions.push(statusCondition(params.status, now, options.soldOnly ?? false));

  const saleFormat = params['sale-format'];
  if (exclude !== 'saleFormat' && saleFormat !== 'all') {
    conditions.push(eq(lotSearch.type, SALE_FORMAT_LOT_TYPE[saleFormat]));
  }

  // Ending-date windows do not apply to past lots or buy-now listings (spec §5).
  const ending = params['ending-date'];
  if (ending !== 'all' && params.status !== 'past' && saleFormat !== 'buy-now') {
    const until = new Date(now.getTime() + (ending === '48-hours' ? 2 : 7) * DAY_MS);
    conditions.push(sql`${lotSearch.endedAt} <= ${until}`);
  }

  const category = params['product-category'];
  if (exclude !== 'productCategory' && category !== undefined) conditions.push(categorySubtree(category));

  const brands = params.manufacturer;
  if (exclude !== 'manufacturer' && brands !== undefined && brands.length > 0) {
    conditions.push(inArray(lotSearch.brandUniqueName, brands));
  }

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
  if (geo) {
    const centre = sql`ll_to_earth(${geo.lat}, ${geo.lon})`;
    const point = sql`ll_to_earth(${lotSearch.lat}, ${lotSearch.lon})`;
    // earth_box is the indexable (GiST) pre-filter; earth_distance trims its corners.
    conditions.push(sql`earth_box(${centre}, ${geo.metres}) @> ${point}`);
    conditions.push(sql`earth_distance(${centre}, ${point}) <= ${geo.metres}`);
  }
  return conditions;
}

/** The geo filter applies only when lat, lon and distance are all present (spec §5). */
export function geoFilterOf(params: LotSearchParams): { lat: number; lon: number; metres: number } | undefined {
  const lat = params['geo-lat'];
  const lon = params['geo-lon'];
  const distance = params['geo-distance'];
  if (lat === undefined || lon === undefined || distance === undefined) return undefined;
  return { lat, lon, metres: GEO_DISTANCE_METRES[distance] };
}

function statusCondition(status: LotSearchParams['status'], now: Date, soldOnly: boolean): SQL {
  if (status === 'past') return inArray(lotSearch.status, soldOnly ? [...SOLD] : [...PAST]);
  // Open now: an open-ended lot (no end time, e.g. a buy-now listing) stays open.
  const active = and(
    eq(lotSearch.status, 'Active'),
    or(isNull(lotSearch.endedAt), sql`${lotSearch.endedAt} > ${now}`),
    or(isNull(lotSearch.startAt), sql`${lotSearch.startAt} <= ${now}`),
  ) as SQL;
  // Not yet open: the seed and sellers schedule these as Pending with a future start.
  const upcoming = and(eq(lotSearch.status, 'Pending'), sql`${lotSearch.startAt} > ${now}`) as SQL;
  const view = status === 'active' ? active : status === 'upcoming' ? upcoming : (or(active, upcoming) as SQL);
  // Active and upcoming views exclude tender lots that have already ended (spec §5).
  const endedTender = and(eq(lotSearch.type, 'TenderLot'), sql`${lotSearch.endedAt} <= ${now}`) as SQL;
  return and(view, not(endedTender)) as SQL;
}

/**
 * Lots in the category with this slug or any category under it: a range over
 * the ancestor path ('/a/b/' up to '/a/b0', '0' being the byte after '/') so
 * the text_pattern_ops index serves it. An unknown slug matches nothing; the
 * use-case rejects it first.
 */
function categorySubtree(slug: string): SQL {
  const path = sql`(select ${productCategories.pathId} from ${productCategories} where ${productCategories.slug} = ${slug})`;
  return sql`(${lotSearch.categoryPath} ~>=~ ${path} and ${lotSearch.categoryPath} ~<~ (left(${path}, -1) || '0'))`;
}
