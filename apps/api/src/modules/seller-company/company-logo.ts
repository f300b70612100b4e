import { uploadKind } from '@lotline/contracts';
import type { Executor } from '@lotline/db';
import { companies, uploads } from '@lotline/db/schema';
import { and, eq, sql } from 'drizzle-orm';
import { AppError } from '../../lib/errors';
import { ISSUED_KEY_PATTERN } from '../uploads/receive-local-upload';
import { uploadKeyPrefix } from '../uploads/request-upload';
import type { UploadStorage } from '../uploads/storage';
import { markUploadReferenced } from '../uploads/upload-records';

/**
 * A logo is an image this user uploaded for the marketplace through the
 * signed-POST contract (the issued key records the uploader), and the upload
 * finished. Checked before the profile's transaction: it reads the storage.
 */
export async function checkLogoFile(storage: UploadStorage, userId: string, key: string): Promise<void> {
  if (!ISSUED_KEY_PATTERN.test(key) || !key.startsWith(uploadKeyPrefix('marketplace', userId))) {
    throw AppError.validation('That logo is not a file you uploaded. Upload the logo again.', 'logoKey');
  }
  if (uploadKind(key) !== 'image') {
    throw AppError.validation('The logo must be an image (JPG, PNG, WEBP, BMP or HEIC).', 'logoKey');
  }
  if (!(await storage.exists(key))) {
    throw AppError.validation('The logo upload did not finish. Upload it again.', 'logoKey');
  }
}

/**
 * Keeps the logo (the sweep of unreferenced uploads leaves it) and lets anyone
 * read it: a logo is shown on the public seller page, unlike other uploads.
 */
export async function publishLogo(tx: Executor, key: string, userId: string): Promise<void> {
  await markUploadReferenced(tx, key, userId);
  await tx.update(uploads).set({ visibility: 'public' }).where(eq(uploads.key, key));
}

/**
 * A logo replaced or removed is no longer the marketplace's: private again and
 * unreferenced, so the sweep deletes it, unless another company still shows it
 * (a user of two companies may give both one logo). Demo logos are no uploads.
 */
export async function releaseLogo(tx: Executor, url: string): Promise<void> {
  if (!url.startsWith('/files/')) return;
  const stillShown = sql`select 1 from ${companies} where ${companies.logoUrl} = ${url}`;
  await tx
    .update(uploads)
    .set({ referenced: false, visibility: 'private' })
    .where(and(eq(uploads.key, url.slice('/files/'.length)), sql`not exists (${stillShown})`));
}
