import type { LotDocument } from '@lotline/contracts';
import type { Executor } from '@lotline/db';
import { lotDocuments } from '@lotline/db/schema';
import { asc, eq } from 'drizzle-orm';

/** The documents of one lot in order (decision 0056): the lot page shows them, the console edits them. */
export async function lotDocumentsOf(db: Executor, lotId: string): Promise<LotDocument[]> {
  return db
    .select({
      _id: lotDocuments.id,
      url: lotDocuments.url,
      fileName: lotDocuments.fileName,
      description: lotDocuments.description,
      contentType: lotDocuments.contentType,
      size: lotDocuments.size,
      position: lotDocuments.position,
    })
    .from(lotDocuments)
    .where(eq(lotDocuments.lotId, lotId))
    .orderBy(asc(lotDocuments.position));
}
