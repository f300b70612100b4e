import type { StaffBrand, StaffBrandUpdateBody } from '@lotline/contracts';
import type { Database } from '@lotline/db';
import { brands } from '@lotline/db/schema';
import { eq } from 'drizzle-orm';
import { AppError } from '../../lib/errors';
import { recordAudit } from '../audit/record-audit';
import {
  assertKeyFree,
  brandSnapshot,
  claimKey,
  findBrand,
  lockCatalog,
  presentBrand,
  redirectKey,
} from './catalog-rows';

/**
 * Renames or re-keys a brand (decision 0083); an old uniqueName redirects to
 * the new one. Its lots' search rows follow through the brand row trigger
 * (migration 0003). Audited as `brand.update`; a body that changes nothing
 * writes nothing.
 */
export async function updateBrand(
  db: Database,
  actorId: string,
  brandId: string,
  body: StaffBrandUpdateBody,
): Promise<StaffBrand> {
  await db.transaction(async (tx) => {
    await lockCatalog(tx);
    const before = await findBrand(tx, brandId);
    if (!before) throw AppError.notFound('Brand not found');
    const changes: { name?: string; uniqueName?: string } = {};
    if (body.name !== undefined && body.name !== before.name) changes.name = body.name;
    if (body.uniqueName !== undefined && body.uniqueName !== before.uniqueName) {
      await assertKeyFree(tx, 'brand', body.uniqueName);
      await claimKey(tx, 'brand', body.uniqueName);
      await redirectKey(tx, 'brand', before.uniqueName, brandId);
      changes.uniqueName = body.uniqueName;
    }
    if (Object.keys(changes).length === 0) return;
    const [after] = await tx.update(brands).set(changes).where(eq(brands.id, brandId)).returning();
    if (!after) throw new Error('brand update returned no row');
    await recordAudit(tx, {
      actorId,
      action: 'brand.update',
      targetType: 'brand',
      targetId: brandId,
      before: brandSnapshot(before),
      after: brandSnapshot(after),
    });
  });
  return presentBrand(db, brandId);
}
