import type { ProductCategory, StaffCategoryUpdateBody } from '@lotline/contracts';
import type { Database, Transaction } from '@lotline/db';
import { categorySlugRedirects, productCategories } from '@lotline/db/schema';
import { eq, like, sql } from 'drizzle-orm';
import { AppError } from '../../lib/errors';
import { recordAudit } from '../audit/record-audit';
import {
  auditSnapshot,
  type CategoryRow,
  claimSlug,
  findCategory,
  lockCategoryTree,
  presentCategory,
  slugTaken,
  startsWith,
} from './category-rows';

/**
 * Renames, re-slugs, moves or (de)activates a category (contract §6).
 *
 * - A new slug keeps the old one in category_slug_redirects, so its browse
 *   URL answers a permanent redirect.
 * - A move rewrites the ancestor path of the category and every category
 *   under it, in one statement, and nothing else: the search projection and
 *   its count table hold each lot's category id, and a browse or a facet
 *   reads the subtree from the tree when it runs (decision 0086), so they
 *   follow at commit without touching a lot row.
 * - A category cannot move under itself or its own descendant (409).
 *
 * Audited as `category.update` with the row before and after; a body that
 * changes nothing writes nothing.
 */
export async function updateCategory(
  db: Database,
  actorId: string,
  categoryId: string,
  body: StaffCategoryUpdateBody,
): Promise<ProductCategory> {
  await db.transaction(async (tx) => {
    await lockCategoryTree(tx);
    const before = await findCategory(tx, categoryId);
    if (!before) throw AppError.notFound('Product category not found');

    const changes: Partial<CategoryRow> = {};
    if (body.name !== undefined && body.name !== before.name) changes.name = body.name;
    if (body.status !== undefined && body.status !== before.status) changes.status = body.status;
    if (body.slug !== undefined && body.slug !== before.slug) {
      await changeSlug(tx, before, body.slug);
      changes.slug = body.slug;
    }
    if (body.parentId !== undefined && body.parentId !== before.parentId) {
      changes.parentId = await moveTo(tx, before, body.parentId);
    }
    if (Object.keys(changes).length === 0) return;

    const { parentId, ...rest } = changes;
    const [after] = await tx
      .update(productCategories)
      .set(parentId === undefined ? rest : { ...rest, parentId })
      .where(eq(productCategories.id, categoryId))
      .returning();
    if (!after) throw new Error('category update returned no row');
    await recordAudit(tx, {
      actorId,
      action: 'category.update',
      targetType: 'category',
      targetId: categoryId,
      before: auditSnapshot(before),
      after: auditSnapshot(after),
    });
  });
  return presentCategory(db, categoryId);
}

async function changeSlug(tx: Transaction, category: CategoryRow, slug: string): Promise<void> {
  if (await slugTaken(tx, slug)) {
    throw new AppError('CONFLICT', `The slug "${slug}" is taken by another category`, { field: 'slug' });
  }
  await claimSlug(tx, slug);
  await tx
    .insert(categorySlugRedirects)
    .values({ oldPath: category.slug, categoryId: category.id })
    .onConflictDoUpdate({ target: categorySlugRedirects.oldPath, set: { categoryId: category.id } });
}

/** Rewrites the paths of the category's subtree under `parentId` (null: top level); returns the new parent id. */
async function moveTo(tx: Transaction, category: CategoryRow, parentId: string | null): Promise<string | null> {
  let newPath = `/${category.id}/`;
  let newDepth = 0;
  if (parentId !== null) {
    const parent = await findCategory(tx, parentId);
    if (!parent) throw AppError.validation('No such parent category', 'parentId');
    if (parent.pathId.startsWith(category.pathId)) {
      throw new AppError('CONFLICT', 'A category cannot move under itself or a category under it', {
        field: 'parentId',
      });
    }
    if (parent.type !== category.type) {
      throw new AppError('CONFLICT', `A ${category.type} category cannot move under a ${parent.type} one`, {
        field: 'parentId',
      });
    }
    newPath = `${parent.pathId}${category.id}/`;
    newDepth = parent.depth + 1;
  }
  const oldPath = category.pathId;
  // One statement for the whole subtree; no lot or projection row changes (decision 0086).
  await tx
    .update(productCategories)
    .set({
      pathId: sql`${newPath} || substr(${productCategories.pathId}, ${oldPath.length + 1})`,
      depth: sql`${productCategories.depth} + ${newDepth - category.depth}`,
    })
    .where(like(productCategories.pathId, startsWith(oldPath)));
  return parentId;
}
