import type { TaxExemption } from '@lotline/contracts';
import { taxExemptions } from '@lotline/db/schema';
import { effectiveTaxExemptionStatus } from '@lotline/domain';
import type { UploadStorage } from '../uploads/storage';

/** The columns every answer needs. */
export const exemptionColumns = {
  id: taxExemptions.id,
  status: taxExemptions.status,
  documentType: taxExemptions.documentType,
  documentId: taxExemptions.documentId,
  fileKey: taxExemptions.fileKey,
  region: taxExemptions.region,
  createdAt: taxExemptions.createdAt,
  expiresAt: taxExemptions.expiresAt,
};

type Row = Pick<
  typeof taxExemptions.$inferSelect,
  'id' | 'status' | 'documentType' | 'documentId' | 'fileKey' | 'region' | 'createdAt' | 'expiresAt'
>;

/** A row as contract §3 shows it: the status as of `now`, the file's address. */
export function presentExemption(row: Row, storage: UploadStorage, now: Date): TaxExemption {
  return {
    _id: row.id,
    status: effectiveTaxExemptionStatus(row, now),
    documentType: row.documentType,
    documentId: row.documentId,
    fileUrl: storage.fileUrl(row.fileKey, 'private'),
    region: row.region,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt?.toISOString() ?? null,
  };
}
