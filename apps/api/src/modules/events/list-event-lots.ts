import type { EventLotQueryField, EventLotsResponse, QueryObject } from '@lotline/contracts';
import type { Database } from '@lotline/db';
import { brands, eventLots } from '@lotline/db/schema';
import { and, asc, count, eq, type SQL, sql } from 'drizzle-orm';
import { type PageRequest, pageWindow, paginationOf } from '../../lib/pagination';
import { queryObjectToSql } from '../../lib/query-object-sql';
import { selectLotCards } from '../lots/select-lot-cards';
import { publicLotCondition } from '../lots/visibility';
import type { FeatureOverrides } from '../platform/get-feature-flags';
import { eventLotFieldMappings } from './event-lot-filters';

export interface ListEventLotsInput extends PageRequest {
  esQuery?: QueryObject<EventLotQueryField> | undefined;
  /** A condition the caller fixes on top of the query object (e.g. one catalog product's lots). */
  scope?: SQL | undefined;
}

/**
 * Event lots for cards and lookups by id (contract §3), public lots only.
 * Ordered by end time (soonest first, open-ended last), then id, so that pages
 * never overlap or skip rows between requests. The page (read in end-time
 * index order, joins for its rows only) and the total are two queries run side
 * by side: a window count on the page's query would build the joined row of
 * every match first (seconds at a million lots). Then the page's photos.
 */
export async function listEventLots(
  db: Database,
  input: ListEventLotsInput,
  flags: FeatureOverrides,
): Promise<EventLotsResponse> {
  const where = and(
    publicLotCondition(),
    input.scope,
    queryObjectToSql(input.esQuery, eventLotFieldMappings(db), 'esQuery'),
  );
  const { limit, offset } = pageWindow(input);

  const [cards, total] = await Promise.all([
    selectLotCards(
      db,
      {
        where,
        orderBy: [sql`${eventLots.endedAt} asc nulls last`, asc(eventLots.id)],
        limit,
        offset,
      },
      flags,
    ),
    countLots(db, where),
  ]);
  return { eventLots: cards, pagination: paginationOf(input, total) };
}

async function countLots(db: Database, where: ReturnType<typeof and>): Promise<number> {
  // Same joins as the page: `brand.uniqueName` filters on the brands table.
  const [row] = await db
    .select({ n: count() })
    .from(eventLots)
    .leftJoin(brands, eq(brands.id, eventLots.brandId))
    .where(where);
  return row?.n ?? 0;
}
