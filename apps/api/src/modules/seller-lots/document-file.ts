import { DOCUMENT_EXTENSIONS, uploadExtension } from '@lotline/contracts';
import type { Executor } from '@lotline/db';
import { lotDocuments, uploads } from '@lotline/db/schema';
import { eq } from 'drizzle-orm';
import { AppError } from '../../lib/errors';
import { ISSUED_KEY_PATTERN } from '../uploads/receive-local-upload';
import { uploadKeyPrefix } from '../uploads/request-upload';
import type { UploadStorage } from '../uploads/storage';
import { EXTENSION_RULES } from '../uploads/upload-rules';
import { photoUrlOf, releaseLotFileUploads } from './photo-file';

export interface CheckedDocument {
  url: string;
  fileName: string;
  contentType: string;
  size: number;
}

/**
 * A lot document is an upload of the signed-POST contract (decision 0056, as a
 * photo): a key issued to THIS user for the marketplace, of a document type
 * (spec §5), and stored. The file name the seller gives must keep its type.
 */
export async function checkDocumentUpload(
  db: Executor,
  storage: UploadStorage,
  userId: string,
  key: string,
  fileName: string | undefined,
): Promise<CheckedDocument> {
  if (!ISSUED_KEY_PATTERN.test(key) || !key.startsWith(uploadKeyPrefix('marketplace', userId))) {
    throw AppError.validation('That file is not one you uploaded. Upload the document again.', 'uploadId');
  }
  const extension = uploadExtension(key);
  const rule = EXTENSION_RULES[extension];
  if (!rule || !DOCUMENT_EXTENSIONS.includes(extension)) {
    throw AppError.validation(`A document must be one of ${DOCUMENT_EXTENSIONS.join(', ')}.`, 'uploadId');
  }
  if (fileName !== undefined && uploadExtension(fileName) !== extension) {
    throw AppError.validation(`The file name must end in .${extension}, as the upload does.`, 'fileName');
  }
  const [row] = await db.select({ size: uploads.size }).from(uploads).where(eq(uploads.key, key));
  if (!row || !(await storage.exists(key))) {
    throw AppError.validation('The document upload did not finish. Upload it again.', 'uploadId');
  }
  return {
    url: photoUrlOf(key),
    fileName: fileName ?? `document.${extension}`,
    contentType: rule.contentType,
    size: row.size,
  };
}

/**
 * The document is the lot's now: kept by the sweep. It stays private; the
 * files route lets anyone read it while its lot is public (file-access.ts).
 */
export async function keepUpload(tx: Executor, key: string): Promise<void> {
  const kept = await tx
    .update(uploads)
    .set({ referenced: true })
    .where(eq(uploads.key, key))
    .returning({ key: uploads.key });
  // The sweep took an old unattached upload between the check and here: nothing would be left to read.
  if (kept.length === 0)
    throw AppError.validation('That upload is no longer there: upload the file again.', 'uploadId');
}

/** Documents went (removed, or their lot deleted): their files are released as photos' are. */
export const releaseDocumentUploads = (tx: Executor, urls: string[]) => releaseLotFileUploads(tx, urls, lotDocuments);
