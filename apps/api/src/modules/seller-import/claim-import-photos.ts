import type { Database } from '@lotline/db';
import { sellerImportPhotos, sellerImports } from '@lotline/db/schema';
import { eq, sql } from 'drizzle-orm';

/** A photo's claim lasts this long: past a pass's longest run (the job's 600 s expiry), then it is anyone's again. */
const CLAIM = sql.raw("interval '10 minutes'");

/** Claims take turns in every process: each counts the photos claimed before it (the caps), then claims its own. */
const CLAIM_LOCK = sql`pg_advisory_xact_lock(hashtext('lotline:import-photo-claims'))`;

/** How many photos may be claimed (fetched, stored, resized) at once, across every API process. */
export interface PhotoCaps {
  /** Per company, its imports together: one seller never holds every pass's slot (decision 0072). */
  perCompany: number;
  /** Per import, so a company's second import is not stuck behind its first. */
  perImport: number;
}

export const PHOTO_CAPS: PhotoCaps = { perCompany: 4, perImport: 3 };

export type PhotoRow = typeof sellerImportPhotos.$inferSelect;

export interface ClaimedPhoto {
  photo: PhotoRow;
  userId: string;
  /** The import's company: it pays for a fetched photo (decision 0085). */
  companyId: string;
}

/**
 * Claims the next pending imported photo, fairly (decision 0072): among the
 * imports being fetched whose company and import are under their caps (photos
 * claimed now, by any process), the company served longest ago, then its
 * import served longest ago, then that import's oldest photo. A seller's
 * 10,000 slow URLs so leave every other seller's photos their turn. The claim
 * is written into the row (`claimed_until`, decision 0051) and the import's
 * turn (`photos_claimed_at`, the database's clock), under a transaction lock so
 * the caps hold across processes. A claim that ran out (its process died) is
 * anyone's again. Undefined when nothing may be claimed now.
 */
export async function claimImportPhoto(db: Database, caps: PhotoCaps = PHOTO_CAPS): Promise<ClaimedPhoto | undefined> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT ${CLAIM_LOCK}`);
    const picked = await tx.execute(sql`
      with active as (
        select i.id, i.company_id, i.user_id, i.photos_claimed_at,
          (select count(*) from seller_import_photos c
            where c.import_id = i.id and not c.done and c.claimed_until is not null and c.claimed_until > now()) as busy
        from seller_imports i where i.status = 'importing'
      ), by_company as (
        select company_id, sum(busy) as busy, max(photos_claimed_at) as served_at from active group by company_id
      )
      select p.id, a.id as import_id, a.user_id, a.company_id
      from active a
      join by_company c on c.company_id = a.company_id
      cross join lateral (
        select q.id from seller_import_photos q
        where q.import_id = a.id and not q.done and (q.claimed_until is null or q.claimed_until <= now())
        order by q.id limit 1
      ) p
      where a.busy < ${caps.perImport} and c.busy < ${caps.perCompany}
      order by c.served_at asc nulls first, a.photos_claimed_at asc nulls first, p.id
      limit 1`);
    const next = (
      picked as unknown as { rows: { id: string | number; import_id: string; user_id: string; company_id: string }[] }
    ).rows[0];
    if (!next) return undefined;
    await tx
      .update(sellerImports)
      .set({ photosClaimedAt: sql`clock_timestamp()` })
      .where(eq(sellerImports.id, next.import_id));
    const [photo] = await tx
      .update(sellerImportPhotos)
      .set({ claimedUntil: sql`now() + ${CLAIM}` })
      .where(eq(sellerImportPhotos.id, Number(next.id)))
      .returning();
    return { photo: photo as PhotoRow, userId: next.user_id, companyId: next.company_id };
  });
}
