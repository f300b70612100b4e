import { randomUUID } from 'node:crypto';
import type { LookupFunction } from 'node:net';
import { DEFAULT_IMAGE_QUALITY, MAX_LOT_PHOTOS } from '@lotline/contracts';
import type { Database } from '@lotline/db';
import { eventLots, events, lotPhotos, sellerImportPhotos, sellerImports } from '@lotline/db/schema';
import { and, count, eq, inArray, isNull, max, notExists, sql } from 'drizzle-orm';
import type { UploadQuota } from '../../config';
import type { JobRunner } from '../../lib/jobs/job-runner';
import type { ImageResizer } from '../files/resize-image';
import { publishLotChanges } from '../live/publish-lot-changes';
import { touchLots } from '../seller-lots/lot-writes';
import { makeUploadPublic, photoUrlOf } from '../seller-lots/photo-file';
import type { UploadStorage } from '../uploads/storage';
import { claimImportPhoto, type PhotoCaps, type PhotoRow } from './claim-import-photos';
import { fetchPhoto } from './fetch-photo';
import { storePhoto } from './store-photo';

export const IMPORT_PHOTOS_JOB = 'seller-import-photos';

/** The widths the lot card and the lot page ask for first (CARD_PHOTO, DETAIL_PHOTO). */
const WARM_WIDTHS = [400, 800] as const;

/** Photos at once in a pass: fetches mostly wait on the network; the caps keep one seller to a few of them. */
const SLOTS = 8;

export interface ImportPhotoDeps {
  db: Database;
  storage: UploadStorage;
  resizer: ImageResizer;
  quota: UploadQuota;
  allowPrivateUrls: boolean;
  /** The DNS lookup of photo URLs (tests inject one). */
  lookup?: LookupFunction;
  /** Fetches a photo URL: `fetchPhoto` unless a test injects another (a slow seller's URLs, say). */
  fetch?: typeof fetchPhoto;
}

export interface PassOptions {
  /** Photos at once in this pass (each slot claims its next photo when free). */
  slots?: number;
  caps?: PhotoCaps;
}

/**
 * One pass over imported photos not yet done (decision 0051), at most `limit`
 * photos, `slots` at once. Each slot claims its next photo when it is free,
 * fairly across companies and their imports and within the caps (decision
 * 0072, `claimImportPhoto`), so a seller's photos queued later are fetched
 * while another's thousands of slow URLs are still going; a slot that finds
 * nothing claimable waits for another slot's photo to end, then tries again.
 * A URL photo is fetched and stored as the importer's upload (within the
 * company's quota, decision 0085) and attached at its file position, or after the lot's last photo
 * when the seller took that position meanwhile; every photo's card and page
 * variants are resized into the image cache. A photo that cannot be had is
 * done with its failure (the import's progress counts it). An import with
 * nothing left is done. Idempotent: a photo already attached is not attached
 * twice. Answers the number of photos handled.
 */
export async function processImportPhotos(deps: ImportPhotoDeps, limit = 64, options: PassOptions = {}) {
  const { db } = deps;
  const imports = new Set<string>();
  let taken = 0;
  let busy = 0;
  let waiting: (() => void)[] = [];
  const slot = async () => {
    while (taken < limit) {
      taken++;
      const next = await claimImportPhoto(db, options.caps);
      if (!next) {
        taken--;
        // Nothing claimable while no photo is going: the pass is over. Else a photo's end may free a cap.
        if (busy === 0) return;
        await new Promise<void>((resolve) => waiting.push(resolve));
        continue;
      }
      busy++;
      imports.add(next.photo.importId);
      try {
        await processOne(deps, next.photo, next.userId, next.companyId);
      } finally {
        busy--;
        const woken = waiting;
        waiting = [];
        for (const wake of woken) wake();
      }
    }
  };
  await Promise.all(Array.from({ length: options.slots ?? SLOTS }, slot));
  if (imports.size > 0) {
    await db
      .update(sellerImports)
      .set({ status: 'done' })
      .where(
        and(
          inArray(sellerImports.id, [...imports]),
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
  return taken;
}

/** Still this pass's: not done, its claim unchanged. */
const stillOurs = (photo: PhotoRow) =>
  and(
    eq(sellerImportPhotos.id, photo.id),
    eq(sellerImportPhotos.done, false),
    photo.claimedUntil === null
      ? isNull(sellerImportPhotos.claimedUntil)
      : eq(sellerImportPhotos.claimedUntil, photo.claimedUntil),
  );

async function processOne(deps: ImportPhotoDeps, photo: PhotoRow, userId: string, companyId: string): Promise<void> {
  const { db } = deps;
  let failure: string | null = null;
  try {
    let key = photo.uploadKey;
    if (key === null && photo.sourceUrl !== null) {
      const fetched = await (deps.fetch ?? fetchPhoto)(photo.sourceUrl, deps.allowPrivateUrls, deps.lookup);
      // A fetched photo is an upload like any other: the company's quota holds (413's message as the failure).
      key = await storePhoto(db, deps.storage, userId, fetched, { quota: deps.quota, companyId });
      if (!(await attach(db, photo, userId, key))) return;
    }
    if (key !== null) await warm(deps, key);
  } catch (err) {
    failure = (err as Error).message.slice(0, 300);
  }
  await db.update(sellerImportPhotos).set({ done: true, failure }).where(stillOurs(photo));
}

/**
 * Attaches a fetched photo to its lot, in one transaction with the lot locked
 * (the seller's photo writes take turns with it): at its file position, or
 * after the lot's last photo when that position is taken (the seller added or
 * reordered photos meanwhile). False when another pass took the photo over
 * (the upload stays unreferenced: the sweep removes it). A lot of an event
 * published meanwhile records the change and is announced, as a seller's
 * photo write is (`touchLots`, decision 0050).
 */
async function attach(db: Database, photo: PhotoRow, userId: string, key: string): Promise<boolean> {
  const touched = await db.transaction(async (tx) => {
    const [lot] = await tx
      .select({ id: eventLots.id, eventStatus: events.status })
      .from(eventLots)
      .leftJoin(events, eq(events.id, eventLots.eventId))
      .where(eq(eventLots.id, photo.lotId))
      .for('update', { of: eventLots });
    const taken = await tx
      .update(sellerImportPhotos)
      .set({ uploadKey: key })
      .where(and(stillOurs(photo), isNull(sellerImportPhotos.uploadKey)))
      .returning({ id: sellerImportPhotos.id });
    if (taken.length === 0) return undefined;
    const [row] = await tx
      .select({ n: count(), last: max(lotPhotos.position) })
      .from(lotPhotos)
      .where(eq(lotPhotos.lotId, photo.lotId));
    if ((row?.n ?? 0) >= MAX_LOT_PHOTOS) throw new Error(`The lot has ${MAX_LOT_PHOTOS} photos already.`);
    const [occupied] = await tx
      .select({ id: lotPhotos.id })
      .from(lotPhotos)
      .where(and(eq(lotPhotos.lotId, photo.lotId), eq(lotPhotos.position, photo.position)));
    const position = occupied ? (row?.last ?? -1) + 1 : photo.position;
    await tx
      .insert(lotPhotos)
      .values({ id: `lph_${randomUUID()}`, lotId: photo.lotId, position, url: photoUrlOf(key) });
    await makeUploadPublic(tx, key, userId);
    return lot && lot.eventStatus !== 'draft' ? touchLots(tx, eq(eventLots.id, photo.lotId)) : [];
  });
  if (touched === undefined) return false;
  if (touched.length > 0) await publishLotChanges(db, touched);
  return true;
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

/** Every 2 seconds; one pass takes up to 64 photos, 8 at once, the next period the rest. */
export function registerImportPhotos(jobs: JobRunner, deps: ImportPhotoDeps): void {
  jobs.register(IMPORT_PHOTOS_JOB, async () => processImportPhotos(deps), {
    everySeconds: 2,
    expireInSeconds: 600,
    failureMessage: 'Imported photos could not be processed',
  });
}
