import { randomUUID } from 'node:crypto';
import type { Database } from '@lotline/db';
import { companies, uploads, users } from '@lotline/db/schema';
import { createPostgresTestDatabase } from '@lotline/db/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UploadQuota } from '../../config';
import { storePhoto } from '../seller-import/store-photo';
import type { UploadStorage } from './storage';
import { recordIssuedUpload } from './upload-records';

/**
 * A company's upload quota (decision 0085) holds when its sellers upload at once from two API
 * processes: policies issued side by side and imported photos stored side by side are counted
 * in turn under the company's row lock, so together they never pass it.
 */

const FILE = 1000;
const quota = (files: number): UploadQuota => ({
  dailyBytes: 1024 ** 3,
  totalBytes: 1024 ** 3,
  company: { dailyBytes: files * FILE, totalBytes: 1024 ** 3 },
});

/** Storage in memory whose writes take a while (a slow disk or bucket). */
function slowStorage() {
  const files = new Set<string>();
  const storage = {
    async put(key: string) {
      await new Promise((r) => setTimeout(r, 40));
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
  await db.insert(users).values({ id, email: `${id}@example.com`, name: 'Seller', roles: ['seller'] });
  return id;
}

async function newCompany(db: Database) {
  const id = `co_${randomUUID()}`;
  await db.insert(companies).values({ id, name: `Company ${id}`, slug: id });
  return id;
}

const charged = (db: Database, companyId: string) =>
  db.select({ key: uploads.key, size: uploads.size }).from(uploads).where(eq(uploads.companyId, companyId));

const baseUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!baseUrl)("a company's uploads at once on PostgreSQL (two API processes)", () => {
  let pools: [Database, Database];
  let close: () => Promise<void>;
  beforeAll(async () => {
    const fresh = await createPostgresTestDatabase(baseUrl as string, { processes: 2, poolSize: 10 });
    pools = fresh.handles.map((h) => h.db) as [Database, Database];
    close = fresh.cleanup;
  });
  afterAll(async () => close?.());

  it('12 policies by three sellers at once under a company quota of 5 files: exactly 5 recorded, 7 refused', async () => {
    const companyId = await newCompany(pools[0]);
    const sellers = [await newUser(pools[0]), await newUser(pools[0]), await newUser(pools[0])];
    const results = await Promise.allSettled(
      Array.from({ length: 12 }, (_, i) => {
        const userId = sellers[i % 3] as string;
        const key = `uploads/marketplace/${userId}/${randomUUID()}.png`;
        return recordIssuedUpload(pools[i % 2] as Database, quota(5), { key, userId, size: FILE, companyId });
      }),
    );
    const refused = results.filter((r) => r.status === 'rejected').map((r) => r.reason);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(5);
    for (const err of refused) expect(err).toMatchObject({ code: 'UPLOAD_QUOTA_EXCEEDED', status: 413 });
    expect(refused[0]?.message).toMatch(/the company's daily upload limit/);
    expect((await charged(pools[0], companyId)).reduce((n, r) => n + r.size, 0)).toBe(5 * FILE);
    // Nothing was charged to the sellers' own allowances.
    for (const userId of sellers) {
      const own = await pools[0].select().from(uploads).where(eq(uploads.userId, userId));
      expect(own.every((r) => r.companyId === companyId)).toBe(true);
    }
  });

  it("imported photos and policies at once: the company's quota holds for their sum, refused photos store nothing", async () => {
    const companyId = await newCompany(pools[0]);
    const importer = await newUser(pools[0]);
    const uploader = await newUser(pools[0]);
    const { storage, files } = slowStorage();
    const results = await Promise.allSettled([
      ...Array.from({ length: 6 }, (_, i) =>
        storePhoto(
          pools[i % 2] as Database,
          storage,
          importer,
          { extension: 'jpg', bytes: new Uint8Array(FILE) },
          { quota: quota(6), companyId },
        ),
      ),
      ...Array.from({ length: 6 }, (_, i) =>
        recordIssuedUpload(pools[(i + 1) % 2] as Database, quota(6), {
          key: `uploads/marketplace/${uploader}/${randomUUID()}.png`,
          userId: uploader,
          size: FILE,
          companyId,
        }),
      ),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(6);
    const rows = await charged(pools[0], companyId);
    expect(rows.reduce((n, r) => n + r.size, 0)).toBe(6 * FILE);
    const storedPhotos = results.slice(0, 6).filter((r) => r.status === 'fulfilled').length;
    expect(files.size).toBe(storedPhotos);
  });
});
