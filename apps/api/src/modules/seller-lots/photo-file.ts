import { UPLOAD_EXTENSIONS, uploadExtension } from '@lotline/contracts';
import type { Executor } from '@lotline/db';
import { type lotDocuments, lotPhotos, uploads } from '@lotline/db/schema';
import { and, inArray, sql } from 'drizzle-orm';
import { AppError } from '../../lib/errors';
import { ISSUED_KEY_PATTERN } from '../uploads/receive-local-upload';
import { uploadKeyPrefix } from '../uploads/request-upload';
import type { UploadStorage } from '../uploads/storage';

const IMAGES = new Set<string>(UPLOAD_EXTENSIONS.image);

/**
 * A lot photo is an upload of the signed-POST contract (decision 0050, as the
 * tax exemption's certificate): a key the server issued to THIS user for the
 * marketplace (the key records its uploader), of an image type, and stored.
 */
export async function checkPhotoUpload(storage: UploadStorage, userId: string, key: string): Promise<void> {
  if (!ISSUED_KEY_PATTERN.test(key) || !key.startsWith(uploadKeyPrefix('marketplace', userId))) {
    throw AppError.validation('That file is not one you uploaded. Upload the photo again.', 'uploadId');
  }
  if (!IMAGES.has(uploadExtension(key))) {
    throw AppError.validation(`A photo must be an image (${UPLOAD_EXTENSIONS.image.join(', ')}).`, 'uploadId');
  }
  if (!(await storage.exists(key))) {
    throw AppError.validation('The photo upload did not finish. Upload it again.', 'uploadId');
  }
}

/** The photo is the lot's now: kept by the sweep, and readable by anyone (the lot card and page show it). */
export async function makeUploadPublic(tx: Executor, key: string, userId: string): Promise<void> {
  await tx
    .insert(uploads)
    .values({ key, userId, size: 0, referenced: true, visibility: 'public' })
    .onConflictDoUpdate({ target: uploads.key, set: { referenced: true, visibility: 'public' } });
}

/**
 * A lot's files went (photos or documents, removed or their lot deleted):
 * each file no other row of `rows` points at (copies share files) is no
 * longer the marketplace's — private again, and unreferenced so the sweep
 * deletes it.
 */
export async function releaseLotFileUploads(
  tx: Executor,
  urls: string[],
  rows: typeof lotPhotos | typeof lotDocuments,
): Promise<void> {
  const keys = urls.filter((u) => u.startsWith('/files/')).map((u) => u.slice('/files/'.length));
  if (keys.length === 0) return;
  const stillUsed = sql`select 1 from ${rows} where ${rows.url} = '/files/' || ${uploads.key}`;
  await tx
    .update(uploads)
    .set({ referenced: false, visibility: 'private' })
    .where(and(inArray(uploads.key, keys), sql`not exists (${stillUsed})`));
}

export const releasePhotoUploads = (tx: Executor, urls: string[]) => releaseLotFileUploads(tx, urls, lotPhotos);

/** Where the files route serves an upload (and the image cache resizes it). */
export const photoUrlOf = (key: string) => `/files/${key}`;
