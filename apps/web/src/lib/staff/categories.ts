import type { ProductCategory } from '@lotline/contracts';

/** The staff categories page (decision 0077). */
export const STAFF_CATEGORIES_PATH = '/staff/categories';

export interface OutlineRow {
  category: ProductCategory;
  depth: number;
  /** The ids of the category and everything under it: not a parent it can move under. */
  branch: Set<string>;
}

/**
 * The flat category list as an outline: each parent before its children,
 * siblings by name, with its depth. A category whose parent is missing from
 * the list is shown at the top level.
 */
export function categoryOutline(categories: readonly ProductCategory[]): OutlineRow[] {
  const known = new Set(categories.map((c) => c._id));
  const children = new Map<string | null, ProductCategory[]>();
  for (const c of categories) {
    const parent = c.parentId !== null && known.has(c.parentId) ? c.parentId : null;
    children.set(parent, [...(children.get(parent) ?? []), c]);
  }
  const rows: OutlineRow[] = [];
  const visit = (parent: string | null, depth: number): Set<string> => {
    const below = new Set<string>();
    const siblings = [...(children.get(parent) ?? [])].sort((a, b) => a.name.localeCompare(b.name));
    for (const category of siblings) {
      const row: OutlineRow = { category, depth, branch: new Set([category._id]) };
      rows.push(row);
      for (const id of visit(category._id, depth + 1)) row.branch.add(id);
      for (const id of row.branch) below.add(id);
    }
    return below;
  };
  visit(null, 0);
  return rows;
}
