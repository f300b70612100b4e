import type { StaffCatalogProduct, StaffCatalogProductUpdateBody } from '@lotline/contracts';
import type { Database } from '@lotline/db';
import { catalogProducts } from '@lotline/db/schema';
import { eq } from 'drizzle-orm';
import { AppError } from '../../lib/errors';
import { recordAudit } from '../audit/record-audit';
import {
  assertKeyFree,
  type CatalogProductRow,
  claimKey,
  findCatalogProduct,
  lockCatalog,
  presentCatalogProduct,
  productSnapshot,
  redirectKey,
} from './catalog-rows';
import { checkProductRefs } from './product-refs';

const EDITABLE = ['name', 'brandId', 'productCategoryId', 'modelNumber', 'yearFrom', 'yearTo'] as const;

/**
 * Edits a catalog product (decision 0083): name, uniqueName (the old product
 * page then redirects to the new one), brand, category, model number, years.
 * The product's own brand and category only: its lots keep theirs, which the
 * seller chose. Audited as `catalogProduct.update`; a body that changes
 * nothing writes nothing.
 */
export async function updateCatalogProduct(
  db: Database,
  actorId: string,
  productId: string,
  body: StaffCatalogProductUpdateBody,
): Promise<StaffCatalogProduct> {
  await db.transaction(async (tx) => {
    await lockCatalog(tx);
    const before = await findCatalogProduct(tx, productId);
    if (!before) throw AppError.notFound('Catalog product not found');
    await checkProductRefs(tx, body);
    const changes: Partial<CatalogProductRow> = {};
    for (const key of EDITABLE) {
      const value = body[key];
      if (value !== undefined && value !== before[key]) Object.assign(changes, { [key]: value });
    }
    const yearFrom = changes.yearFrom !== undefined ? changes.yearFrom : before.yearFrom;
    const yearTo = changes.yearTo !== undefined ? changes.yearTo : before.yearTo;
    if (yearFrom !== null && yearTo !== null && yearFrom > yearTo) {
      throw AppError.validation('yearFrom must not be after yearTo', 'yearTo');
    }
    if (body.uniqueName !== undefined && body.uniqueName !== before.uniqueName) {
      await assertKeyFree(tx, 'catalog_product', body.uniqueName);
      await claimKey(tx, 'catalog_product', body.uniqueName);
      await redirectKey(tx, 'catalog_product', before.uniqueName, productId);
      changes.uniqueName = body.uniqueName;
    }
    if (Object.keys(changes).length === 0) return;
    const [after] = await tx.update(catalogProducts).set(changes).where(eq(catalogProducts.id, productId)).returning();
    if (!after) throw new Error('catalog product update returned no row');
    await recordAudit(tx, {
      actorId,
      action: 'catalogProduct.update',
      targetType: 'catalogProduct',
      targetId: productId,
      before: productSnapshot(before),
      after: productSnapshot(after),
    });
  });
  return presentCatalogProduct(db, productId);
}
