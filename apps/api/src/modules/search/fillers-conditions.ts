import type { Database } from '@lotline/db';
import { eventLots, productCategories } from '@lotline/db/schema';
import { biddableSql, soldViewSql } from '@lotline/domain/lot-lifecycle-sql';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { AppError } from '../../lib/errors';
import { browseRowLotCondition } from '../lots/visibility';

/**
 * Which lots the filler rows, fallbacks and similar lots may show, and in
 * which order. They ask lots/visibility.ts which lots the browse page's rows
 * may show (`browseRowLotCondition`), then add the row's own rules.
 */

/** Open for bids or purchase now: Active, started, not ended, in stock (the lifecycle's isBiddable). */
export function activeLotCondition(now: Date): SQL {
  return and(browseRowLotCondition(), biddableSql(eventLots, now)) as SQL;
}

/** The sold-only past view of spec §5 (as the lot search's soldOnly): the past statuses without Unsold. */
export function soldLotCondition(): SQL {
  return and(browseRowLotCondition(), soldViewSql(eventLots)) as SQL;
}

/** Popular: most bids first, then ending soonest (no end last), then id for stable rows. */
export const popularOrder: SQL[] = [
  sql`${eventLots.bidsCount} desc nulls last`,
  sql`${eventLots.endedAt} asc nulls last`,
  sql`${eventLots.id} asc`,
];

/** Recently sold first. */
export const soldOrder: SQL[] = [sql`${eventLots.endedAt} desc nulls last`, sql`${eventLots.id} asc`];

export type CategoryRef = { id: string; pathId: string };

/** The category with this slug; an unknown slug is a bad parameter (400), as in the lot search. */
export async function categoryBySlug(db: Database, slug: string): Promise<CategoryRef> {
  const [row] = await db
    .select({ id: productCategories.id, pathId: productCategories.pathId })
    .from(productCategories)
    .where(eq(productCategories.slug, slug))
    .limit(1);
  if (!row) throw AppError.validation(`Unknown product category '${slug}'`, 'product-category');
  return row;
}

/** Ids of the category and all categories under it (its pathId is a prefix of theirs). */
export function subtreeIds(db: Database, pathId: string) {
  return db
    .select({ id: productCategories.id })
    .from(productCategories)
    .where(sql`${productCategories.pathId} like ${`${pathId.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`);
}

/** Lots in the category or under it. */
export function lotInSubtree(db: Database, category: CategoryRef): SQL {
  return inArray(eventLots.productCategoryId, subtreeIds(db, category.pathId));
}

/** Ids of the category with this id and all under it: their paths hold it as a whole segment. */
export function subtreeIdsOfId(db: Database, categoryId: string) {
  return db
    .select({ id: productCategories.id })
    .from(productCategories)
    .where(sql`strpos(${productCategories.pathId}, ${`/${categoryId}/`}) > 0`);
}
