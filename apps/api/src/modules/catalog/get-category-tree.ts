import type { ProductCategoryTreeNode, ProductCategoryTreeResponse } from '@lotline/contracts';
import type { Database } from '@lotline/db';
import { productCategories } from '@lotline/db/schema';
import { asc, eq } from 'drizzle-orm';
import { listedLotsByCategory, rollUp } from './category-counts';

/**
 * The regular categories as a tree (spec §3 "A tree node wrapper with
 * additionalData"), siblings by position then name. Only active categories
 * appear, and an inactive category hides its whole branch (a child cannot be
 * reached through a hidden parent). Counts include every descendant, active
 * or not, as the search's category filter does.
 *
 * Not cached: two queries (the category table, and one grouped count of the
 * listed lots) read live data, so a change is visible on the next request.
 */
export async function getCategoryTree(db: Database, now: Date = new Date()): Promise<ProductCategoryTreeResponse> {
  const [categories, own] = await Promise.all([
    db
      .select({
        id: productCategories.id,
        name: productCategories.name,
        slug: productCategories.slug,
        parentId: productCategories.parentId,
        pathId: productCategories.pathId,
        imgFilename: productCategories.imgFilename,
        status: productCategories.status,
      })
      .from(productCategories)
      .where(eq(productCategories.type, 'regular'))
      .orderBy(asc(productCategories.position), asc(productCategories.name), asc(productCategories.id)),
    listedLotsByCategory(db, now),
  ]);
  const totals = rollUp(categories, own);

  const nodes = new Map<string, ProductCategoryTreeNode>();
  for (const c of categories) {
    if (c.status !== 'active') continue;
    nodes.set(c.id, {
      node: { _id: c.id, name: c.name, slug: c.slug, parentId: c.parentId, imgFilename: c.imgFilename },
      additionalData: { totalDocCount: totals.get(c.id) ?? 0 },
      children: [],
    });
  }
  const roots: ProductCategoryTreeNode[] = [];
  // Rows are in sibling order already, so appending keeps each children list ordered.
  for (const c of categories) {
    const node = nodes.get(c.id);
    if (!node) continue;
    if (c.parentId === null) roots.push(node);
    // A missing parent is inactive (or not regular): the branch stays unreachable.
    else nodes.get(c.parentId)?.children.push(node);
  }
  return { tree: roots };
}
