import type { StaffCatalogProduct } from '@lotline/contracts';
import type { Database } from '@lotline/db';
import { catalogProducts, eventLots } from '@lotline/db/schema';
import { eq, sql } from 'drizzle-orm';
import { AppError } from '../../lib/errors';
import { recordAudit } from '../audit/record-audit';
import { findCatalogProduct, lockCatalog, presentCatalogProduct, productSnapshot, redirectKey } from './catalog-rows';

/**
 * Merges a duplicate catalog product into the survivor (decision 0083): its
 * lots link to the survivor, its product page (and former ones) redirect to
 * the survivor's, and the duplicate is deleted. The link is not a search
 * column, so one UPDATE of the lots is all the search needs. Into itself: 409;
 * an unknown survivor: 400. Audited as `catalogProduct.merge`.
 */
export async function mergeCatalogProduct(
  db: Database,
  actorId: string,
  productId: string,
  intoId: string,
): Promise<StaffCatalogProduct> {
  await db.transaction(async (tx) => {
    await lockCatalog(tx);
    const loser = await findCatalogProduct(tx, productId);
    if (!loser) throw AppError.notFound('Catalog product not found');
    if (intoId === productId) {
      throw new AppError('CONFLICT', 'A catalog product cannot be merged into itself', { field: 'intoId' });
    }
    const survivor = await findCatalogProduct(tx, intoId);
    if (!survivor) throw AppError.validation('No such catalog product to merge into', 'intoId');

    const lotsMoved = await tx.$count(eventLots, eq(eventLots.catalogProductId, loser.id));
    await tx
      .update(eventLots)
      .set({ catalogProductId: survivor.id, updatedAt: sql`now()` })
      .where(eq(eventLots.catalogProductId, loser.id));
    await redirectKey(tx, 'catalog_product', loser.uniqueName, survivor.id, loser.id);
    await tx.delete(catalogProducts).where(eq(catalogProducts.id, loser.id));
    await recordAudit(tx, {
      actorId,
      action: 'catalogProduct.merge',
      targetType: 'catalogProduct',
      targetId: loser.id,
      before: productSnapshot(loser),
      after: { mergedInto: survivor.id, intoUniqueName: survivor.uniqueName, lotsMoved },
    });
  });
  return presentCatalogProduct(db, intoId);
}
