import { randomUUID } from 'node:crypto';
import type { StaffBrand, StaffBrandCreateBody } from '@lotline/contracts';
import type { Database } from '@lotline/db';
import { brands } from '@lotline/db/schema';
import { recordAudit } from '../audit/record-audit';
import { assertKeyFree, claimKey, derivedKey, lockCatalog, presentBrand } from './catalog-rows';

/** A new brand (decision 0083); a given uniqueName must be free (409), an absent one comes from the name. Audited as `brand.create`. */
export async function createBrand(db: Database, actorId: string, body: StaffBrandCreateBody): Promise<StaffBrand> {
  const id = await db.transaction(async (tx) => {
    await lockCatalog(tx);
    if (body.uniqueName !== undefined) await assertKeyFree(tx, 'brand', body.uniqueName);
    const uniqueName = body.uniqueName ?? (await derivedKey(tx, 'brand', body.name));
    await claimKey(tx, 'brand', uniqueName);
    const newId = `brand_${randomUUID()}`;
    await tx.insert(brands).values({ id: newId, name: body.name, uniqueName });
    await recordAudit(tx, {
      actorId,
      action: 'brand.create',
      targetType: 'brand',
      targetId: newId,
      before: null,
      after: { name: body.name, uniqueName },
    });
    return newId;
  });
  return presentBrand(db, id);
}
