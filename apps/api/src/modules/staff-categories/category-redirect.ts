import type { CategoryRedirectResponse } from '@lotline/contracts';
import type { Database } from '@lotline/db';
import { categorySlugRedirects, productCategories } from '@lotline/db/schema';
import { and, eq } from 'drizzle-orm';
import { AppError } from '../../lib/errors';

/**
 * The current slug of the regular category that once had `oldSlug` (its
 * browse URL then redirects permanently, decision 0077). A slug that is a
 * live category's own, or was never one, is NOT_FOUND: the browse page
 * resolves live slugs first.
 */
export async function findCategoryRedirect(db: Database, oldSlug: string): Promise<CategoryRedirectResponse> {
  const [row] = await db
    .select({ slug: productCategories.slug })
    .from(categorySlugRedirects)
    .innerJoin(productCategories, eq(productCategories.id, categorySlugRedirects.categoryId))
    .where(and(eq(categorySlugRedirects.oldPath, oldSlug), eq(productCategories.type, 'regular')));
  if (!row || row.slug === oldSlug) throw AppError.notFound('No category had this slug');
  return { slug: row.slug };
}
