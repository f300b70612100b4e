import type { CatalogRedirectResponse } from '@lotline/contracts';
import type { Database } from '@lotline/db';
import { brands, catalogProducts, catalogRedirects } from '@lotline/db/schema';
import { and, eq } from 'drizzle-orm';
import { AppError } from '../../lib/errors';
import type { Kind } from './catalog-rows';

/**
 * The current uniqueName of the brand or catalog product that once had
 * `oldKey` (renamed, or merged into another: decision 0083). A key that is a
 * live row's own, or was never one, is NOT_FOUND: pages resolve live keys first.
 */
export async function findCatalogRedirect(db: Database, kind: Kind, oldKey: string): Promise<CatalogRedirectResponse> {
  const t = kind === 'brand' ? brands : catalogProducts;
  const [row] = await db
    .select({ uniqueName: t.uniqueName })
    .from(catalogRedirects)
    .innerJoin(t, eq(t.id, catalogRedirects.targetId))
    .where(and(eq(catalogRedirects.kind, kind), eq(catalogRedirects.oldKey, oldKey)));
  if (!row || row.uniqueName === oldKey)
    throw AppError.notFound(`No ${kind === 'brand' ? 'brand' : 'catalog product'} had this uniqueName`);
  return { uniqueName: row.uniqueName };
}
