import { randomUUID } from 'node:crypto';
import { DEFAULT_IMAGE_QUALITY } from '@lotline/contracts';
import type { Database } from '@lotline/db';
import { lotPhotos, sellerImportPhotos, sellerImports } from '@lotline/db/schema';
import { and, eq, inArray, notExists, sql } from 'drizzle-orm';
import type { JobRunner } from '../../lib/jobs/job-runner';
import type { ImageResizer } from '../files/resize-image';
import { photoUrlOf } from '../seller-lots/photo-file';
import type { UploadStorage } from '../uploads/storage';
import { fetchPhoto } from './fetch-photo';
import { storePhoto } from './store-photo';

export const IMPORT_PHOTOS_JOB = 'seller-import-photos';

/** The widths the lot card and the lot page ask for first (CARD_PHOTO, DETAIL_PHOTO). */
const WARM_WIDTHS = [400, 800] as const;

export interface ImportPhotoDeps {
  db: Database;
  storage: UploadStorage;
  resizer: ImageResizer;
  allowPrivateUrls: boolean;
}

/**
 * One pass over imported photos not yet done (decision 0051), oldest first,
 * `limit` at a time, a few at once: a URL photo is fetched and stored as the
 * importer's upload and attached at its file position; every photo's card and
 * page variants are resized into the image cache. A photo that cannot be had
 * is done with its failure (the import's progress counts it). An import with
 * nothing left is done. Idempotent: a photo already attached is not attached twice.
 */
export async function processImportPhotos(deps: ImportPhotoDeps, limit = 64): Promise<number> {
  const { db } = deps;
  const pending = await db
    .select({ photo: sellerImportPhotos, userId: sellerImports.userId })
    .from(sellerImportPhotos)
    .innerJoin(sellerImports, eq(sellerImports.id, sellerImportPhotos.importId))
    .where(eq(sellerImportPhotos.done, false))
    .orderBy(sellerImportPhotos.id)
    .limit(limit);
  const queue = [...pending];
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) await processOne(deps, next.photo, next.userId);
  };
  await Promise.all([worker(), worker(), worker(), worker()]);
  const imports = [...new Set(pending.map((p) => p.photo.importId))];
  if (imports.length > 0) {
    await db
      .update(sellerImports)
      .set({ status: 'done' })
      .where(
        and(
          inArray(sellerImports.id, imports),
          eq(sellerImports.status, 'importing'),
          notExists(
            db
              .select({ one: sql`1` })
              .from(sellerImportPhotos)
              .where(and(eq(sellerImportPhotos.importId, sellerImports.id), eq(sellerImportPhotos.done, false))),
          ),
        ),
      );
  }
  return pending.length;
}

type PhotoRow = typeof sellerImportPhotos.$inferSelect;

async function processOne(deps: ImportPhotoDeps, photo: PhotoRow, userId: string): Promise<void> {
  const { db } = deps;
  let failure: string | null = null;
  try {
    let key = photo.uploadKey;
    if (key === null && photo.sourceUrl !== null) {
      const fetched = await fetchPhoto(photo.sourceUrl, deps.allowPrivateUrls);
      key = await storePhoto(db, deps.storage, userId, fetched.extension, fetched.bytes, 'public');
      await db.update(sellerImportPhotos).set({ uploadKey: key }).where(eq(sellerImportPhotos.id, photo.id));
      await db
        .insert(lotPhotos)
        .values({ id: `lph_${randomUUID()}`, lotId: photo.lotId, position: photo.position, url: photoUrlOf(key) })
        .onConflictDoNothing();
    }
    if (key !== null) await warm(deps, key);
  } catch (err) {
    failure = (err as Error).message.slice(0, 300);
  }
  await db
    .update(sellerImportPhotos)
    .set({ done: true, failure })
    .where(and(eq(sellerImportPhotos.id, photo.id), eq(sellerImportPhotos.done, false)));
}

/** Encodes the variants now, so the first visitor of the lot gets them from the cache. */
async function warm(deps: ImportPhotoDeps, key: string): Promise<void> {
  for (const width of WARM_WIDTHS) {
    const stored = await deps.storage.read(key);
    // An S3 bucket answers a redirect: its variants are made where it is read.
    if ('redirect' in stored) return;
    await deps.resizer.variant(key, stored.file, width, DEFAULT_IMAGE_QUALITY).bytes();
  }
}

/** Every 2 seconds; one pass takes up to 64 photos, the next period the rest. */
export function registerImportPhotos(jobs: JobRunner, deps: ImportPhotoDeps): void {
  jobs.register(IMPORT_PHOTOS_JOB, async () => processImportPhotos(deps), {
    everySeconds: 2,
    expireInSeconds: 600,
    failureMessage: 'Imported photos could not be processed',
  });
}
