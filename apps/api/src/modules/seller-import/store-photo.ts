import { randomUUID } from 'node:crypto';
import { maxUploadBytes, UPLOAD_EXTENSIONS } from '@lotline/contracts';
import type { Executor } from '@lotline/db';
import { uploads } from '@lotline/db/schema';
import { sql } from 'drizzle-orm';
import { MAGIC_HEAD_BYTES, matchesExtension } from '../uploads/magic-bytes';
import { uploadKeyPrefix } from '../uploads/request-upload';
import type { UploadStorage } from '../uploads/storage';
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

/** Stores checked photo bytes as the user's upload and answers its key (recorded, not yet referenced). */
export async function storePhoto(
  db: Executor,
  storage: UploadStorage,
  userId: string,
  extension: string,
  bytes: Uint8Array,
  visibility: 'private' | 'public' = 'private',
): Promise<string> {
  const key = `${uploadKeyPrefix('marketplace', userId)}${randomUUID()}.${extension}`;
  await storage.put(key, bytes, EXTENSION_RULES[extension]?.contentType ?? 'application/octet-stream');
  await db.insert(uploads).values({
    key,
    userId,
    size: bytes.byteLength,
    referenced: visibility === 'public',
    visibility,
    storedAt: sql`now()`,
  });
  return key;
}

/**
 * Stores many checked photos of one user (a preview's ZIP entries), a few
 * files at a time and their upload rows in multi-row inserts; answers each name's key.
 */
export async function storePhotos(
  db: Executor,
  storage: UploadStorage,
  userId: string,
  files: { name: string; extension: string; bytes: Uint8Array }[],
): Promise<Map<string, string>> {
  const keys = new Map<string, string>();
  const queue = [...files];
  const worker = async () => {
    for (let file = queue.shift(); file; file = queue.shift()) {
      const key = `${uploadKeyPrefix('marketplace', userId)}${randomUUID()}.${file.extension}`;
      await storage.put(key, file.bytes, EXTENSION_RULES[file.extension]?.contentType ?? 'application/octet-stream');
      keys.set(file.name, key);
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  const rows = files.map((f) => ({
    key: keys.get(f.name) as string,
    userId,
    size: f.bytes.byteLength,
    storedAt: sql`now()`,
  }));
  for (let i = 0; i < rows.length; i += 1000) await db.insert(uploads).values(rows.slice(i, i + 1000));
  return keys;
}
