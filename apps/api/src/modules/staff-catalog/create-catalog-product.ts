import { randomUUID } from 'node:crypto';
import type { StaffCatalogProduct, StaffCatalogProductCreateBody } from '@lotline/contracts';
import type { Database } from '@lotline/db';
import { catalogProducts } from '@lotline/db/schema';
import { recordAudit } from '../audit/record-audit';
import {
  assertKeyFree,
  claimKey,
  derivedKey,
  lockCatalog,
  presentCatalogProduct,
  productSnapshot,
} from './catalog-rows';
import { checkProductRefs } from './product-refs';

/**
 * A new catalog product (decision 0083) with its product page
 * /catalog/p/{uniqueName}. A given uniqueName must be free (409); an absent
 * one comes from the name. Audited as `catalogProduct.create`.
 */
export async function createCatalogProduct(
  db: Database,
  actorId: string,
  body: StaffCatalogProductCreateBody,
): Promise<StaffCatalogProduct> {
  const id = await db.transaction(async (tx) => {
    await lockCatalog(tx);
    await checkProductRefs(tx, body);
    if (body.uniqueName !== undefined) await assertKeyFree(tx, 'catalog_product', body.uniqueName);
    const uniqueName = body.uniqueName ?? (await derivedKey(tx, 'catalog_product', body.name));
    await claimKey(tx, 'catalog_product', uniqueName);
    const [row] = await tx
      .insert(catalogProducts)
      .values({
        id: `cp_${randomUUID()}`,
        uniqueName,
        name: body.name,
        brandId: body.brandId ?? null,
        productCategoryId: body.productCategoryId ?? null,
        modelNumber: body.modelNumber ?? null,
        yearFrom: body.yearFrom ?? null,
        yearTo: body.yearTo ?? null,
      })
      .returning();
    if (!row) throw new Error('catalog product insert returned no row');
    await recordAudit(tx, {
      actorId,
      action: 'catalogProduct.create',
      targetType: 'catalogProduct',
      targetId: row.id,
      before: null,
      after: productSnapshot(row),
    });
    return row.id;
  });
  return presentCatalogProduct(db, id);
}
