import type { TaxExemption, TaxExemptionDocumentType } from '@lotline/contracts';
import type { Database } from '@lotline/db';
import { taxExemptions } from '@lotline/db/schema';
import { and, desc, eq, type SQL } from 'drizzle-orm';
import { AppError } from '../../lib/errors';
import type { UploadStorage } from '../uploads/storage';
import { exemptionColumns, presentExemption } from './present';

/** More than anyone keeps; the list is not paged in the contract. */
const MAX_LISTED = 200;

/**
 * Contract §3: the exemptions of one document, newest first (the client uses
 * the first). Without parameters: the signed-in user's own. A user sees only
 * exemptions they submitted, and asking for another user's is 403; staff
 * may read any.
 */
export async function listTaxExemptions(
  db: Database,
  storage: UploadStorage,
  viewer: { id: string; staff: boolean },
  query: { documentType?: TaxExemptionDocumentType | undefined; documentId?: string | undefined },
  now: Date,
): Promise<{ taxExemptions: TaxExemption[] }> {
  const documentType = query.documentType ?? 'user';
  const documentId = query.documentId ?? (documentType === 'user' ? viewer.id : undefined);
  if (!viewer.staff && documentType === 'user' && documentId !== viewer.id) {
    throw new AppError('FORBIDDEN', 'You can only see your own tax exemptions.');
  }
  const conditions: SQL[] = [eq(taxExemptions.documentType, documentType)];
  if (documentId !== undefined) conditions.push(eq(taxExemptions.documentId, documentId));
  if (!viewer.staff) conditions.push(eq(taxExemptions.userId, viewer.id));
  const rows = await db
    .select(exemptionColumns)
    .from(taxExemptions)
    .where(and(...conditions))
    .orderBy(desc(taxExemptions.createdAt), desc(taxExemptions.id))
    .limit(MAX_LISTED);
  return { taxExemptions: rows.map((r) => presentExemption(r, storage, now)) };
}
