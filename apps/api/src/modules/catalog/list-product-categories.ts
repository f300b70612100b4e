import type { PRODUCT_CATEGORY_QUERY_FIELDS, ProductCategoriesResponse, QueryObject } from '@lotline/contracts';
import type { Database } from '@lotline/db';
import { eventLots, productCategories } from '@lotline/db/schema';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type PageRequest, pageWindow, paginationOf } from '../../lib/pagination';
import { type FieldMappings, queryObjectToSql } from '../../lib/query-object-sql';
import { listedLotCondition } from '../events/lot-visibility';

type CategoryField = (typeof PRODUCT_CATEGORY_QUERY_FIELDS)[number];

export interface ListProductCategoriesInput extends PageRequest {
  query?: QueryObject<CategoryField> | undefined;
}

const fields: FieldMappings<CategoryField> = {
  _id: { column: productCategories.id },
  status: { column: productCategories.status },
  parentId: { column: productCategories.parentId },
  slug: { column: productCategories.slug },
};

const subtree = alias(productCategories, 'subtree');

/**
 * Listed lots per category, counting the category and everything below it.
 * A pathId holds the ancestors and the category itself ('/a/b/'), so the
 * subtree is every category whose path starts with this one (starts_with, not
 * LIKE: '_' in ids must not act as a wildcard). One grouped query per page.
 */
async function countListedLots(db: Database, categoryIds: string[], now: Date): Promise<Map<string, number>> {
  if (categoryIds.length === 0) return new Map();
  const rows = await db
    .select({ id: productCategories.id, n: count(eventLots.id) })
    .from(productCategories)
    .innerJoin(subtree, sql`starts_with(${subtree.pathId}, ${productCategories.pathId})`)
    .innerJoin(eventLots, and(eq(eventLots.productCategoryId, subtree.id), listedLotCondition(now)))
    .where(inArray(productCategories.id, categoryIds))
    .groupBy(productCategories.id);
  return new Map(rows.map((r) => [r.id, r.n]));
}

/** Regular categories (contract §3), by name then id so that pages are stable. Two round trips per page. */
export async function listProductCategories(
  db: Database,
  input: ListProductCategoriesInput,
  now: Date = new Date(),
): Promise<ProductCategoriesResponse> {
  const where = and(eq(productCategories.type, 'regular'), queryObjectToSql(input.query, fields, 'query'));
  const { limit, offset } = pageWindow(input);
  const rows = await db
    .select({
      id: productCategories.id,
      name: productCategories.name,
      slug: productCategories.slug,
      parentId: productCategories.parentId,
      imgFilename: productCategories.imgFilename,
      status: productCategories.status,
      type: productCategories.type,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(productCategories)
    .where(where)
    .orderBy(asc(productCategories.name), asc(productCategories.id))
    .limit(limit)
    .offset(offset);

  const total = rows[0]?.total ?? (offset > 0 ? await db.$count(productCategories, where) : 0);
  const counts = await countListedLots(
    db,
    rows.map((r) => r.id),
    now,
  );
  return {
    productCategories: rows.map((r) => ({
      _id: r.id,
      name: r.name,
      slug: r.slug,
      parentId: r.parentId,
      imgFilename: r.imgFilename,
      status: r.status,
      type: r.type,
      totalDocCount: counts.get(r.id) ?? 0,
    })),
    pagination: paginationOf(input, total),
  };
}
