import type { StaffBrand } from '@lotline/contracts';
import type { Database } from '@lotline/db';
import { brands, catalogProducts } from '@lotline/db/schema';
import { eq, sql } from 'drizzle-orm';
import { AppError } from '../../lib/errors';
import { recordAudit } from '../audit/record-audit';
import { beginBulkLotSearch, refreshLotSearch, updateLotsInBatches } from '../staff-categories/bulk-lot-search';
import { brandSnapshot, findBrand, lockCatalog, presentBrand, redirectKey } from './catalog-rows';

/**
 * Merges a duplicate brand into the survivor: its lots and catalog products
 * take the survivor, its uniqueName (and former ones) redirect to the
 * survivor's, and the duplicate is deleted. The lots' search rows are rebuilt
 * in one statement (bulk-lot-search.ts), so the brand facet is exact at commit.
 * Into itself: 409; an unknown survivor: 400.
 */
export async function mergeBrand(db: Database, actorId: string, brandId: string, intoId: string): Promise<StaffBrand> {
  await db.transaction(async (tx) => {
    await lockCatalog(tx);
    const loser = await findBrand(tx, brandId);
    if (!loser) throw AppError.notFound('Brand not found');
    if (intoId === brandId) {
      throw new AppError('CONFLICT', 'A brand cannot be merged into itself', { field: 'intoId' });
    }
    const survivor = await findBrand(tx, intoId);
    if (!survivor) throw AppError.validation('No such brand to merge into', 'intoId');

    await beginBulkLotSearch(tx);
    const lotsMoved = await updateLotsInBatches(tx, sql`brand_id = ${survivor.id}`, sql`brand_id = ${loser.id}`);
    await tx.update(catalogProducts).set({ brandId: survivor.id }).where(eq(catalogProducts.brandId, loser.id));
    await redirectKey(tx, 'brand', loser.uniqueName, survivor.id, loser.id);
    await tx.delete(brands).where(eq(brands.id, loser.id));
    await refreshLotSearch(tx, sql`s.brand_unique_name = ${loser.uniqueName}`);
    await recordAudit(tx, {
      actorId,
      action: 'brand.merge',
      targetType: 'brand',
      targetId: loser.id,
      before: brandSnapshot(loser),
      after: { mergedInto: survivor.id, intoUniqueName: survivor.uniqueName, lotsMoved },
    });
  });
  return presentBrand(db, intoId);
}
