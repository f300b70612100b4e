import type { LotSearchParams, LotSearchResponse } from '@lotline/contracts';
import type { Database } from '@lotline/db';
import { productCategories } from '@lotline/db/schema';
import { and, asc, count, eq, type SQL, sql } from 'drizzle-orm';
import { AppError } from '../../lib/errors';
import { paginationOf } from '../../lib/pagination';
import { toEventLotSource } from '../events/event-lot-source';
import { photosOf } from '../events/lot-photos';
import { selectLotCards } from '../lots/select-lot-cards';
import { correctKeyword } from './correct-keyword';
import { lotNumberOf, tsQueryOf } from './keyword';
import { buildLotSearchConditions, lotSearch } from './lot-search-filter';

export interface SearchLotsOptions {
  now?: Date;
  allowPrivateSales?: boolean;
  soldOnly?: boolean;
}

/**
 * Lot search over the search projection (spec §2 browse parameters, §5 rules).
 * Three steps: check the parameters that need the database (category slug)
 * and correct the keyword; the page's ids and the total, both from the
 * projection alone (no joins); then the card columns and photos of only those
 * ids. The total is an exact count(*) of the filtered projection.
 */
export async function searchLots(
  db: Database,
  params: LotSearchParams,
  options: SearchLotsOptions = {},
): Promise<LotSearchResponse> {
  const now = options.now ?? new Date();
  if (params.sort === 'near-me' && (params['geo-lat'] === undefined || params['geo-lon'] === undefined)) {
    throw AppError.validation('The near-me sort needs geo-lat and geo-lon', 'sort');
  }
  const [, corrected] = await Promise.all([
    checkCategory(db, params['product-category']),
    correctKeyword(db, params.keyword),
  ]);
  const searched = { ...params, keyword: corrected.keyword };
  const where = and(
    ...buildLotSearchConditions(searched, {
      now,
      allowPrivateSales: options.allowPrivateSales,
      soldOnly: options.soldOnly,
    }),
  );

  const pageSize = params['page-size'];
  const [pageRows, [totalRow]] = await Promise.all([
    db
      .select({ id: lotSearch.lotId })
      .from(lotSearch)
      .where(where)
      .orderBy(...orderOf(searched))
      .limit(pageSize)
      .offset((params.page - 1) * pageSize),
    db.select({ n: count() }).from(lotSearch).where(where),
  ]);
  const ids = pageRows.map((r) => r.id);
  const [cards, photos] = await Promise.all([cardsOf(db, ids), photosOf(db, ids)]);

  return {
    lots: ids.flatMap((id) => {
      const card = cards.get(id);
      // A lot deleted between the two reads is skipped rather than shown half-built.
      return card ? [{ _id: id, _source: toEventLotSource(card, photos.get(id) ?? []) }] : [];
    }),
    pagination: paginationOf({ pageNumber: params.page, pageSize }, totalRow?.n ?? 0),
    correctedKeyword: corrected.correctedKeyword,
  };
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
      return [sql`${lotSearch.createdAt} desc`, ...tail];
    case 'sequence':
      return [asc(lotSearch.sequence), ...tail];
    case 'near-me': {
      const lat = params['geo-lat'] ?? 0;
      const lon = params['geo-lon'] ?? 0;
      const distance = sql`earth_distance(ll_to_earth(${lat}, ${lon}), ll_to_earth(${lotSearch.lat}, ${lotSearch.lon}))`;
      return [sql`${distance} asc nulls last`, ...tail];
    }
    default: {
      const ending = sql`${lotSearch.endedAt} asc nulls last`;
      const query =
        params.sort === undefined && params.keyword !== undefined && lotNumberOf(params.keyword) === undefined
          ? tsQueryOf(params.keyword)
          : undefined;
      if (query === undefined) return [ending, ...tail];
      return [ending, sql`ts_rank(${lotSearch.document}, to_tsquery('simple', ${query})) desc`, ...tail];
    }
  }
}

async function cardsOf(db: Database, ids: string[]) {
  if (ids.length === 0) return new Map();
  const rows = await selectLotCards(db, ids);
  return new Map(rows.map((r) => [r.id, r]));
}
