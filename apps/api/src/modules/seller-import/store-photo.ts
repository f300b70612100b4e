import { randomUUID } from 'node:crypto';
import { maxUploadBytes, UPLOAD_EXTENSIONS } from '@lotline/contracts';
import type { Database } from '@lotline/db';
import { uploads } from '@lotline/db/schema';
import { inArray, sql } from 'drizzle-orm';
import type { UploadQuota } from '../../config';
import { MAGIC_HEAD_BYTES, matchesExtension } from '../uploads/magic-bytes';
import { uploadKeyPrefix } from '../uploads/request-upload';
import type { UploadStorage } from '../uploads/storage';
import { reserveUploads } from '../uploads/upload-records';
import { EXTENSION_RULES } from '../uploads/upload-rules';

/**
 * An imported photo is an upload of its importer (decision 0051), under the
 * rules of a browser upload: an image type whose first bytes are that type's,
 * at most the image size limit. Answers why not, or undefined.
 */
export function photoProblem(name: string, extension: string, bytes: Uint8Array): string | undefined {
  if (!(UPLOAD_EXTENSIONS.image as readonly string[]).includes(extension)) {
    return `${name} is not a photo (${UPLOAD_EXTENSIONS.image.join(', ')}).`;
  }
  if (bytes.byteLength > maxUploadBytes('image')) {
    return `${name} is larger than ${maxUploadBytes('image') / 1024 / 1024} MB.`;
  }
  const head = Buffer.from(bytes.subarray(0, MAGIC_HEAD_BYTES));
  if (!matchesExtension(extension, head, bytes.byteLength <= MAGIC_HEAD_BYTES)) {
    return `${name} is not a .${extension} image: its content says otherwise.`;
  }
  return undefined;
}

type StoredFile = { key: string; bytes: Uint8Array; extension: string };

/**
 * Writes files whose upload rows are already recorded, a few at a time, and
 * marks them stored. When one cannot be written, none is kept: the rows go
 * (they no longer count against the quota) and the files written so far too.
 */
async function writeRecorded(db: Database, storage: UploadStorage, files: StoredFile[]): Promise<void> {
  const queue = [...files];
  const failures: unknown[] = [];
  const worker = async () => {
    for (let file = queue.shift(); file && failures.length === 0; file = queue.shift()) {
      const contentType = EXTENSION_RULES[file.extension]?.contentType ?? 'application/octet-stream';
      await storage.put(file.key, file.bytes, contentType).catch((err: unknown) => failures.push(err));
    }
  };
  // Every worker has stopped before anything is undone: no write lands after its file's delete.
  await Promise.all(Array.from({ length: Math.min(8, files.length) }, worker));
  const keys = files.map((f) => f.key);
  if (failures.length > 0) {
    for (let i = 0; i < keys.length; i += 1000)
      await db.delete(uploads).where(inArray(uploads.key, keys.slice(i, i + 1000)));
    await Promise.all(keys.map((key) => storage.delete(key).catch(() => undefined)));
    throw failures[0];
  }
  for (let i = 0; i < keys.length; i += 1000) {
    await db
      .update(uploads)
      .set({ storedAt: sql`now()` })
      .where(inArray(uploads.key, keys.slice(i, i + 1000)));
  }
}

const newKey = (userId: string, extension: string) =>
  `${uploadKeyPrefix('marketplace', userId)}${randomUUID()}.${extension}`;

/**
 * Stores checked photo bytes as the user's upload and answers its key
 * (recorded, not yet referenced), charged to `companyId` when it is for that
 * company's listing (decision 0085). With a quota, the upload is recorded within
 * it before the file is written (`reserveUploads`: 413 UPLOAD_QUOTA_EXCEEDED,
 * nothing stored); without one (demo data) it is only recorded.
 */
export async function storePhoto(
  db: Database,
  storage: UploadStorage,
  userId: string,
  file: { extension: string; bytes: Uint8Array },
  options: { quota?: UploadQuota; visibility?: 'private' | 'public'; companyId?: string } = {},
): Promise<string> {
  const key = newKey(userId, file.extension);
  const row = { key, size: file.bytes.byteLength, visibility: options.visibility ?? 'private' };
  if (options.quota) await reserveUploads(db, options.quota, userId, [row], options.companyId);
  else {
    await db
      .insert(uploads)
      .values({ ...row, userId, companyId: options.companyId ?? null, referenced: row.visibility === 'public' });
  }
  await writeRecorded(db, storage, [{ key, ...file }]);
  return key;
}

/**
 * Stores many checked photos of one user (a preview's ZIP entries) within the
 * quota: all recorded at once (or none: 413), then written a few at a time;
 * answers each name's key.
 */
export async function storePhotos(
  db: Database,
  storage: UploadStorage,
  quota: UploadQuota,
  userId: string,
  files: { name: string; extension: string; bytes: Uint8Array }[],
  /** The company whose listing the photos are for: it pays (decision 0085). */
  companyId?: string,
): Promise<Map<string, string>> {
  const stored = files.map((f) => ({ ...f, key: newKey(userId, f.extension) }));
  await reserveUploads(
    db,
    quota,
    userId,
    stored.map((f) => ({ key: f.key, size: f.bytes.byteLength })),
    companyId,
  );
  await writeRecorded(db, storage, stored);
  return new Map(stored.map((f) => [f.name, f.key]));
}
