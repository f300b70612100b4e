import type { CategoryFacetNode } from '@lotline/contracts';

/** A category of the facet tree by slug, with its parent (null at the top). */
export function findCategory(
  nodes: CategoryFacetNode[],
  slug: string,
): { node: CategoryFacetNode; parent: CategoryFacetNode | null } | null {
  for (const node of nodes) {
    if (node.slug === slug) return { node, parent: null };
    const below = findCategory(node.children, slug);
    if (below) return { node: below.node, parent: below.parent ?? node };
  }
  return null;
}
