import type { TaxExemption } from '@lotline/contracts';
import type { Database } from '@lotline/db';
import { taxExemptions, users } from '@lotline/db/schema';
import { and, count, eq } from 'drizzle-orm';
import { AppError } from '../../lib/errors';
import { recomputeVerified } from '../account/verification';
import type { UploadStorage } from '../uploads/storage';
import { markUploadReferenced } from '../uploads/upload-records';
import { checkCertificateFile } from './certificate-file';
import { presentExemption } from './present';

/** Enough for a reseller in several states; stops one account filling the staff's queue. */
export const MAX_IN_REVIEW = 10;

/**
 * A user submits a certificate for themselves (documentType `user`): a new
 * exemption in review, which already satisfies the reseller step of
 * verification (spec §4), so `verified` is recomputed in the same transaction.
 */
export async function submitTaxExemption(
  db: Database,
  storage: UploadStorage,
  userId: string,
  body: { fileKey: string; region: string },
  now: Date,
): Promise<TaxExemption> {
  await checkCertificateFile(storage, userId, body.fileKey);
  const id = crypto.randomUUID();
  const row = await db.transaction(async (tx) => {
    // Lock the user row first, so this user's submissions are serialised (the checks below hold).
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const [used] = await tx
      .select({ id: taxExemptions.id })
      .from(taxExemptions)
      .where(eq(taxExemptions.fileKey, body.fileKey));
    if (used) throw new AppError('CONFLICT', 'This certificate file was already submitted. Upload a new file.');
    const [inReview] = await tx
      .select({ n: count() })
      .from(taxExemptions)
      .where(and(eq(taxExemptions.userId, userId), eq(taxExemptions.status, 'in-review')));
    if ((inReview?.n ?? 0) >= MAX_IN_REVIEW) {
      throw new AppError(
        'CONFLICT',
        `You already have ${MAX_IN_REVIEW} certificates in review. Wait for Lotline staff to review them.`,
      );
    }
    const [created] = await tx
      .insert(taxExemptions)
      .values({
        id,
        userId,
        documentType: 'user',
        documentId: userId,
        region: body.region,
        fileKey: body.fileKey,
        createdAt: now,
      })
      .returning();
    // The certificate is now referenced: the sweep of unreferenced uploads keeps it.
    await markUploadReferenced(tx, body.fileKey, userId);
    await recomputeVerified(tx, userId);
    return created;
  });
  if (!row) throw new Error('insert returned no row');
  return presentExemption(row, storage, now);
}
