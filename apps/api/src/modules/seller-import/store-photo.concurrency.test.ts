import { randomUUID } from 'node:crypto';
import type { Database } from '@lotline/db';
import { uploads, users } from '@lotline/db/schema';
import { createPostgresTestDatabase, createTestDatabase } from '@lotline/db/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UploadQuota } from '../../config';
import type { UploadStorage } from '../uploads/storage';
import { storePhoto, storePhotos } from './store-photo';

/**
 * An import's photos are uploads of the importer, within the upload quota
 * (decision 0027): a URL photo fetched by the photo pass, a preview's ZIP
 * photos. They are recorded within the quota before their files are written,
 * so photos stored side by side (several API processes, slow storage) never
 * take the user past it together; a file that cannot be written leaves nothing.
 */

const PHOTO = 1000;
const quota = (photos: number): UploadQuota => ({ dailyBytes: photos * PHOTO, totalBytes: 1024 ** 3 });
const bytes = () => new Uint8Array(PHOTO);

/** Storage in memory whose writes take a while (a slow disk or bucket), or fail for a key's nth write. */
function slowStorage(options: { failAt?: number } = {}) {
  const files = new Set<string>();
  let writes = 0;
  const storage = {
    async put(key: string) {
      writes += 1;
      const failing = writes === options.failAt;
      await new Promise((r) => setTimeout(r, 40));
      if (failing) throw new Error('disk full');
      files.add(key);
    },
    async delete(key: string) {
      files.delete(key);
    },
  } as Partial<UploadStorage> as UploadStorage;
  return { storage, files };
}

async function newUser(db: Database) {
  const id = `user_${randomUUID()}`;
  await db.insert(users).values({ id, email: `${id}@example.com`, name: 'Importer' });
  return id;
}

async function recorded(db: Database, userId: string) {
  return db.select({ key: uploads.key, size: uploads.size }).from(uploads).where(eq(uploads.userId, userId));
}

const baseUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!baseUrl)('import photos stored side by side on PostgreSQL (two API processes)', () => {
  let pools: [Database, Database];
  let close: () => Promise<void>;
  beforeAll(async () => {
    const fresh = await createPostgresTestDatabase(baseUrl as string, { processes: 2, poolSize: 10 });
    pools = fresh.handles.map((h) => h.db) as [Database, Database];
    close = fresh.cleanup;
  });
  afterAll(async () => close?.());

  it('12 URL photos at once under a quota of 5 photos: exactly 5 stored and recorded, 7 refused with 413', async () => {
    const userId = await newUser(pools[0]);
    const { storage, files } = slowStorage();
    const results = await Promise.allSettled(
      Array.from({ length: 12 }, (_, i) =>
        storePhoto(
          pools[i % 2] as Database,
          storage,
          userId,
          { extension: 'jpg', bytes: bytes() },
          { quota: quota(5) },
        ),
      ),
    );
    const stored = results.filter((r) => r.status === 'fulfilled').map((r) => r.value);
    const refused = results.filter((r) => r.status === 'rejected').map((r) => r.reason);
    expect(stored).toHaveLength(5);
    expect(refused).toHaveLength(7);
    for (const err of refused) expect(err).toMatchObject({ code: 'UPLOAD_QUOTA_EXCEEDED', status: 413 });
    const rows = await recorded(pools[0], userId);
    expect(rows.map((r) => r.key).sort()).toEqual([...stored].sort());
    expect(rows.reduce((n, r) => n + r.size, 0)).toBe(5 * PHOTO);
    expect([...files].sort()).toEqual([...stored].sort());
  });

  it("a ZIP preview's photos and URL photos at once: the quota holds for their sum, a refused ZIP stores none", async () => {
    const userId = await newUser(pools[0]);
    const { storage, files } = slowStorage();
    const zip = Array.from({ length: 4 }, (_, i) => ({ name: `p${i}.jpg`, extension: 'jpg', bytes: bytes() }));
    const results = await Promise.allSettled([
      storePhotos(pools[0], storage, quota(6), userId, zip),
      ...Array.from({ length: 6 }, (_, i) =>
        storePhoto(
          pools[(i + 1) % 2] as Database,
          storage,
          userId,
          { extension: 'png', bytes: bytes() },
          { quota: quota(6) },
        ),
      ),
    ]);
    const [zipResult, ...single] = results;
    const singles = single.filter((r) => r.status === 'fulfilled').length;
    const rows = await recorded(pools[0], userId);
    expect(rows.reduce((n, r) => n + r.size, 0)).toBeLessThanOrEqual(6 * PHOTO);
    expect(rows).toHaveLength((zipResult?.status === 'fulfilled' ? 4 : 0) + singles);
    expect(files.size).toBe(rows.length);
    // Either the ZIP got its 4 and 2 URL photos fit, or the URL photos took the room first and the ZIP stored none.
    expect(zipResult?.status === 'fulfilled' ? singles === 2 : singles === 6).toBe(true);
  });
});

describe('a photo whose file cannot be written', () => {
  let db: Database;
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    const handle = await createTestDatabase();
    db = handle.db;
    cleanup = handle.cleanup;
  });
  afterAll(async () => cleanup?.());

  it("leaves no upload row (nothing counts against the quota) and none of the ZIP's files", async () => {
    const userId = await newUser(db);
    const { storage, files } = slowStorage({ failAt: 7 });
    const zip = Array.from({ length: 20 }, (_, i) => ({ name: `p${i}.jpg`, extension: 'jpg', bytes: bytes() }));
    await expect(storePhotos(db, storage, quota(100), userId, zip)).rejects.toThrow('disk full');
    expect(await recorded(db, userId)).toEqual([]);
    expect(files.size).toBe(0);
  });

  it('a single photo: the error, and neither its row nor its file', async () => {
    const userId = await newUser(db);
    const { storage, files } = slowStorage({ failAt: 1 });
    await expect(
      storePhoto(db, storage, userId, { extension: 'jpg', bytes: bytes() }, { quota: quota(1) }),
    ).rejects.toThrow('disk full');
    expect(await recorded(db, userId)).toEqual([]);
    expect(files.size).toBe(0);
    // The quota is whole again: the next photo fits.
    const ok = slowStorage();
    await storePhoto(db, ok.storage, userId, { extension: 'jpg', bytes: bytes() }, { quota: quota(1) });
    expect(ok.files.size).toBe(1);
  });
});
