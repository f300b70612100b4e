import type { ProductCategoryBySlugResponse } from '@lotline/contracts';
import type { Database } from '@lotline/db';
import { productCategories } from '@lotline/db/schema';
import { eq, inArray } from 'drizzle-orm';
import { AppError } from '../../lib/errors';
import { listProductCategories } from './list-product-categories';

/**
 * One regular category by slug (the browse route /marketplace/lots/{categorySlug}),
 * with the same fields and count as the regular list, plus its ancestors for
 * breadcrumbs. Inactive categories are returned with their status so a page
 * can tell "gone" from "unknown"; only an unknown slug is NOT_FOUND.
 */
export async function getCategoryBySlug(db: Database, slug: string): Promise<ProductCategoryBySlugResponse> {
  const { productCategories: found } = await listProductCategories(db, {
    pageNumber: 1,
    pageSize: 1,
    query: { operator: 'and', params: [{ field: 'slug', op: 'eq', value: slug }] },
  });
  const category = found[0];
  if (!category) throw AppError.notFound('Product category not found');

  const [self] = await db
    .select({ pathId: productCategories.pathId })
    .from(productCategories)
    .where(eq(productCategories.id, category._id));
  const ancestorIds = (self?.pathId ?? '').split('/').filter((id) => id && id !== category._id);
  const rows =
    ancestorIds.length === 0
      ? []
      : await db
          .select({ _id: productCategories.id, name: productCategories.name, slug: productCategories.slug })
          .from(productCategories)
          .where(inArray(productCategories.id, ancestorIds));
  const byId = new Map(rows.map((r) => [r._id, r]));
  const ancestors = ancestorIds.flatMap((id) => byId.get(id) ?? []);
  return { productCategory: { ...category, ancestors } };
}
