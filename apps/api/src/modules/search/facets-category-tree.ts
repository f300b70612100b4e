import type { CategoryFacetNode } from '@lotline/contracts';

export interface CategoryRow {
  id: string;
  name: string;
  slug: string;
  parentId: string | null;
  /** Ancestors and itself, '/root/child/'. */
  pathId: string;
}

/**
 * Rolls per-category lot counts up to every ancestor and builds the facet
 * tree: a node's count is its own lots plus its descendants'. Only nodes with
 * a count are kept; siblings are ordered by count (desc), then name. Done in
 * TypeScript because the category table is small (~80 rows) while the lots
 * it would otherwise join are many.
 */
export function buildCategoryFacetTree(
  categories: CategoryRow[],
  directCounts: Map<string, number>,
): CategoryFacetNode[] {
  const byId = new Map(categories.map((c) => [c.id, c]));
  const totals = new Map<string, number>();
  for (const [categoryId, n] of directCounts) {
    const category = byId.get(categoryId);
    if (!category || n <= 0) continue;
    // The path names each ancestor once, so no node is counted twice.
    for (const ancestorId of category.pathId.split('/').filter(Boolean)) {
      if (byId.has(ancestorId)) totals.set(ancestorId, (totals.get(ancestorId) ?? 0) + n);
    }
  }

  const nodes = new Map<string, CategoryFacetNode>();
  for (const [id, count] of totals) {
    const c = byId.get(id);
    if (c) nodes.set(id, { _id: c.id, name: c.name, slug: c.slug, parentId: c.parentId, count, children: [] });
  }
  const roots: CategoryFacetNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.parentId ? nodes.get(node.parentId) : undefined;
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  const order = (a: CategoryFacetNode, b: CategoryFacetNode) =>
    b.count - a.count || a.name.localeCompare(b.name) || a._id.localeCompare(b._id);
  const sortDeep = (list: CategoryFacetNode[]) => {
    list.sort(order);
    for (const n of list) sortDeep(n.children);
  };
  sortDeep(roots);
  return roots;
}
