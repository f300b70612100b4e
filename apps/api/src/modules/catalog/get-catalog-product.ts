import type { CatalogProductResponse } from '@lotline/contracts';
import type { Database } from '@lotline/db';
import { catalogProducts } from '@lotline/db/schema';
import { eq } from 'drizzle-orm';
import { AppError } from '../../lib/errors';
import { toCatalogProduct } from './catalog-product-source';
import { selectCatalogProducts } from './list-catalog-products';

/** The catalog product page (/catalog/p/{uniqueName}, spec §2). */
export async function getCatalogProduct(db: Database, uniqueName: string): Promise<CatalogProductResponse> {
  const [row] = await selectCatalogProducts(db).where(eq(catalogProducts.uniqueName, uniqueName)).limit(1);
  if (!row) throw AppError.notFound('Catalog product not found');
  return { catalogProduct: toCatalogProduct(row) };
}
