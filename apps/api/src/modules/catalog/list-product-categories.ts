import type { PRODUCT_CATEGORY_QUERY_FIELDS, ProductCategoriesResponse, QueryObject } from '@lotline/contracts';
import type { Database } from '@lotline/db';
import { productCategories } from '@lotline/db/schema';
import { and, asc, eq, sql } from 'drizzle-orm';
import { type PageRequest, pageWindow, paginationOf } from '../../lib/pagination';
import { type FieldMappings, queryObjectToSql } from '../../lib/query-object-sql';
import { listedLotsByCategory, rollUp } from './category-counts';

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

/**
 * Listed lots per category, counting the category and everything below it:
 * own counts from the search count table, rolled up every category's path.
 */
async function countListedLots(db: Database, now: Date): Promise<Map<string, number>> {
  const [own, paths] = await Promise.all([
    listedLotsByCategory(db, now),
    db.select({ id: productCategories.id, pathId: productCategories.pathId }).from(productCategories),
  ]);
  return rollUp(paths, own);
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
  const counts = rows.length === 0 ? new Map<string, number>() : await countListedLots(db, now);
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
