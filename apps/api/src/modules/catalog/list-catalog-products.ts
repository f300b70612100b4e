import type { CatalogProductsResponse } from '@lotline/contracts';
import type { Database } from '@lotline/db';
import { brands, catalogProducts, productCategories } from '@lotline/db/schema';
import { asc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type PageRequest, pageWindow, paginationOf } from '../../lib/pagination';
import { catalogProductColumns, toCatalogProduct } from './catalog-product-source';

export interface ListCatalogProductsInput extends PageRequest {
  /** A category slug or id; the category and everything below it. */
  productCategory?: string | undefined;
}

const chosen = alias(productCategories, 'chosen_category');
const under = alias(productCategories, 'under_category');

/**
 * Products whose category lies in the subtree of the category named by slug or
 * id (pathId prefix, as the lot filters do). An unknown category matches
 * nothing: it is a filter, not a resource.
 */
function inCategory(db: Database, slugOrId: string): SQL {
  const subtree = db
    .select({ id: under.id })
    .from(under)
    .innerJoin(chosen, sql`starts_with(${under.pathId}, ${chosen.pathId})`)
    .where(or(eq(chosen.slug, slugOrId), eq(chosen.id, slugOrId)));
  return inArray(catalogProducts.productCategoryId, subtree);
}

/** Products with their brand and category; `total` is the window count for paging. */
export function selectCatalogProducts(db: Database) {
  return db
    .select({ ...catalogProductColumns, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(catalogProducts)
    .leftJoin(brands, eq(brands.id, catalogProducts.brandId))
    .leftJoin(productCategories, eq(productCategories.id, catalogProducts.productCategoryId));
}

/** Catalog products by name then uniqueName, so that pages are stable. */
export async function listCatalogProducts(
  db: Database,
  input: ListCatalogProductsInput,
): Promise<CatalogProductsResponse> {
  const where = input.productCategory ? inCategory(db, input.productCategory) : undefined;
  const { limit, offset } = pageWindow(input);
  const rows = await selectCatalogProducts(db)
    .where(where)
    .orderBy(asc(catalogProducts.name), asc(catalogProducts.uniqueName))
    .limit(limit)
    .offset(offset);
  const total = rows[0]?.total ?? (offset > 0 ? await db.$count(catalogProducts, where) : 0);
  return { catalogProducts: rows.map(toCatalogProduct), pagination: paginationOf(input, total) };
}
