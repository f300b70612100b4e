import type { ProductCategory } from '@lotline/contracts';
import type { Database } from '@lotline/db';
import { catalogProducts, categorySlugRedirects, productCategories } from '@lotline/db/schema';
import { and, eq, like, ne, sql } from 'drizzle-orm';
import { AppError } from '../../lib/errors';
import { recordAudit } from '../audit/record-audit';
import { beginBulkLotSearch, refreshLotSearch, updateLotsInBatches } from './bulk-lot-search';
import { auditSnapshot, findCategory, lockCategoryTree, presentCategory, startsWith } from './category-rows';

/**
 * Merges a category into another (decision 0083): its lots and catalog
 * products move to the target, its children (with their branches) move under
 * the target, its slug and former slugs redirect to the target's browse URL,
 * and the category itself is deleted. Merging into itself or into a category
 * under it (409), or into a category of another type (409), changes nothing.
 *
 * Every statement is set-based, whatever the number of lots: the paths of the
 * branch in one UPDATE (which touches no lot: the projection holds category
 * ids, decision 0086), then only the source's own lots and their projection
 * rows, in batches (bulk-lot-search.ts), so the counts are exact at commit. Audited as
 * `category.merge` on the merged category, with the target and the number of
 * lots moved.
 */
export async function mergeCategory(
  db: Database,
  actorId: string,
  sourceId: string,
  intoId: string,
): Promise<ProductCategory> {
  await db.transaction(async (tx) => {
    await lockCategoryTree(tx);
    const source = await findCategory(tx, sourceId);
    if (!source) throw AppError.notFound('Product category not found');
    const target = await findCategory(tx, intoId);
    if (!target) throw AppError.validation('No such category to merge into', 'intoId');
    if (target.pathId.startsWith(source.pathId)) {
      throw new AppError('CONFLICT', 'A category cannot be merged into itself or a category under it', {
        field: 'intoId',
      });
    }
    if (target.type !== source.type) {
      throw new AppError('CONFLICT', `A ${source.type} category cannot be merged into a ${target.type} one`, {
        field: 'intoId',
      });
    }

    // The branch below the source hangs from the target now: one statement for every path, no lot row.
    await tx
      .update(productCategories)
      .set({
        parentId: sql`case when ${productCategories.parentId} = ${source.id} then ${target.id} else ${productCategories.parentId} end`,
        pathId: sql`${target.pathId} || substr(${productCategories.pathId}, ${source.pathId.length + 1})`,
        depth: sql`${productCategories.depth} + ${target.depth - source.depth}`,
      })
      .where(and(like(productCategories.pathId, startsWith(source.pathId)), ne(productCategories.id, source.id)));
    await beginBulkLotSearch(tx);
    const lotsMoved = await updateLotsInBatches(
      tx,
      sql`product_category_id = ${target.id}`,
      sql`product_category_id = ${source.id}`,
    );
    await tx
      .update(catalogProducts)
      .set({ productCategoryId: target.id })
      .where(eq(catalogProducts.productCategoryId, source.id));
    // The source's slug and the slugs it once had all lead to the target (rows point at ids: no chains).
    await tx
      .update(categorySlugRedirects)
      .set({ categoryId: target.id })
      .where(eq(categorySlugRedirects.categoryId, source.id));
    await tx
      .insert(categorySlugRedirects)
      .values({ oldPath: source.slug, categoryId: target.id })
      .onConflictDoUpdate({ target: categorySlugRedirects.oldPath, set: { categoryId: target.id } });
    await tx.delete(productCategories).where(eq(productCategories.id, source.id));
    // Stale now: the projection rows of the source's own lots (their category id and document).
    await refreshLotSearch(tx, sql`s.category_id = ${source.id}`);

    await recordAudit(tx, {
      actorId,
      action: 'category.merge',
      targetType: 'category',
      targetId: source.id,
      before: auditSnapshot(source),
      after: { mergedInto: target.id, intoSlug: target.slug, lotsMoved },
    });
  });
  return presentCategory(db, intoId);
}
