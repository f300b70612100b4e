import type { ProductCategory } from '@lotline/contracts';
import type { Database, Executor } from '@lotline/db';
import { categorySlugRedirects, productCategories } from '@lotline/db/schema';
import { eq, like, sql } from 'drizzle-orm';
import { AppError } from '../../lib/errors';
import { listedLotsByCategory, rollUp } from '../catalog/category-counts';

/**
 * Shared by the staff category writes (decision 0077): one lock for every
 * write to the tree, the row as the audit log records it, the reply's shape.
 */

/**
 * Serialises category writes: a move checks "not under its own descendant"
 * and a slug "not taken" against a tree no other write is changing.
 */
export async function lockCategoryTree(tx: Executor): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('lotline:category-tree'))`);
}

export type CategoryRow = typeof productCategories.$inferSelect;

export async function findCategory(tx: Executor, id: string): Promise<CategoryRow | undefined> {
  const [row] = await tx.select().from(productCategories).where(eq(productCategories.id, id));
  return row;
}

/** What the audit log keeps of a category, before and after a write. */
export const auditSnapshot = (c: CategoryRow) => ({
  name: c.name,
  slug: c.slug,
  parentId: c.parentId,
  pathId: c.pathId,
  status: c.status,
  type: c.type,
});

/** A name as a slug: 'Dump Trucks & Trailers' → 'dump-trucks-and-trailers'. */
export function slugFromName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 100)
    .replace(/-+$/, '');
}

export async function slugTaken(tx: Executor, slug: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: productCategories.id })
    .from(productCategories)
    .where(eq(productCategories.slug, slug));
  return row !== undefined;
}

/** A free slug from the name: the name's slug, else with -2, -3, … (slugs are unique over all categories). */
export async function derivedSlug(tx: Executor, name: string): Promise<string> {
  const base = slugFromName(name);
  if (base === '')
    throw AppError.validation('The name has no letters or digits to make a slug of; give a slug', 'slug');
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? base : `${base}-${n}`;
    if (!(await slugTaken(tx, candidate))) return candidate;
  }
}

/** A slug now in use is no longer an old slug of another category. */
export async function claimSlug(tx: Executor, slug: string): Promise<void> {
  await tx.delete(categorySlugRedirects).where(eq(categorySlugRedirects.oldPath, slug));
}

/** A LIKE pattern for "starts with" (ids may hold `_`, a LIKE wildcard). */
export const startsWith = (prefix: string) => `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The category as contract §3 has it, `totalDocCount` counting the listed
 * lots in it and under it, from the search count table (as the regular list).
 */
export async function presentCategory(db: Database, id: string, now: Date = new Date()): Promise<ProductCategory> {
  const row = await findCategory(db, id);
  if (!row) throw AppError.notFound('Product category not found');
  const [subtree, own] = await Promise.all([
    db
      .select({ id: productCategories.id, pathId: productCategories.pathId })
      .from(productCategories)
      .where(like(productCategories.pathId, startsWith(row.pathId))),
    listedLotsByCategory(db, now),
  ]);
  return {
    _id: row.id,
    name: row.name,
    slug: row.slug,
    parentId: row.parentId,
    imgFilename: row.imgFilename,
    status: row.status,
    type: row.type,
    totalDocCount: rollUp(subtree, own).get(row.id) ?? 0,
  };
}
