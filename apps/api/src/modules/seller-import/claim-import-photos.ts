import type { Database } from '@lotline/db';
import { sellerImportPhotos, sellerImports } from '@lotline/db/schema';
import { inArray, sql } from 'drizzle-orm';

/** A photo's claim lasts this long: past a pass's longest run (the job's 600 s expiry), then it is anyone's again. */
const CLAIM = "interval '10 minutes'";

/**
 * Claims up to `limit` pending imported photos for this pass (decision 0051),
 * oldest first, with their importer. Several API processes run passes side by
 * side and a fetch takes seconds, longer than a row lock should be held: the
 * claim is written into the row (`claimed_until`). Rows
 * another process is claiming right now are skipped (SKIP LOCKED), rows whose
 * claim ran out (its process died) are taken again. The photo's end is
 * written only while the claim is unchanged.
 */
export async function claimImportPhotos(db: Database, limit: number) {
  const table = sql.identifier('seller_import_photos');
  const photos = await db
    .update(sellerImportPhotos)
    .set({ claimedUntil: sql.raw(`now() + ${CLAIM}`) })
    .where(
      inArray(
        sellerImportPhotos.id,
        sql`(select id from ${table} where not done and (claimed_until is null or claimed_until < now())
          order by id limit ${limit} for update skip locked)`,
      ),
    )
    .returning();
  if (photos.length === 0) return [];
  const owners = await db
    .select({ id: sellerImports.id, userId: sellerImports.userId })
    .from(sellerImports)
    .where(inArray(sellerImports.id, [...new Set(photos.map((p) => p.importId))]));
  const userOf = new Map(owners.map((o) => [o.id, o.userId]));
  return photos.sort((a, b) => a.id - b.id).map((photo) => ({ photo, userId: userOf.get(photo.importId) as string }));
}
