import type { Database, Executor, Transaction } from '@lotline/db';
import { uploads, users } from '@lotline/db/schema';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { UploadQuota } from '../../config';
import { AppError } from '../../lib/errors';

/**
 * The `uploads` table (decision 0027): every issued upload policy is a row
 * with its owner and size. Quotas count those rows, by the database's clock:
 * bytes issued in the last 24 hours, and bytes kept in all (unreferenced rows
 * go after 24 hours, so "kept" is what is referenced plus the last day).
 */

export const QUOTA_CODE = 'UPLOAD_QUOTA_EXCEEDED';

const MB = 1024 * 1024;
const amount = (bytes: number) => (bytes >= MB ? `${Math.floor(bytes / MB)} MB` : `${bytes} bytes`);

/**
 * Refuses (413 UPLOAD_QUOTA_EXCEEDED, naming the limit) when `size` more bytes
 * would take the user past a quota. `exceptKey`: an upload already counted
 * (its own row, when checking at the storage POST).
 */
export async function checkQuota(db: Executor, userId: string, size: number, quota: UploadQuota, exceptKey?: string) {
  const [used] = await db
    .select({
      total: sql<string>`coalesce(sum(${uploads.size}), 0)`,
      day: sql<string>`coalesce(sum(${uploads.size}) filter (where ${uploads.createdAt} > now() - interval '24 hours'), 0)`,
    })
    .from(uploads)
    .where(exceptKey ? and(eq(uploads.userId, userId), ne(uploads.key, exceptKey)) : eq(uploads.userId, userId));
  const total = Number(used?.total ?? 0);
  const day = Number(used?.day ?? 0);
  if (total + size > quota.totalBytes) {
    throw new AppError(
      QUOTA_CODE,
      `This upload would pass your storage limit of ${amount(quota.totalBytes)} (${amount(total)} used). Remove files you no longer need.`,
      { status: 413, field: 'size' },
    );
  }
  if (day + size > quota.dailyBytes) {
    throw new AppError(
      QUOTA_CODE,
      `This upload would pass your daily upload limit of ${amount(quota.dailyBytes)} (${amount(day)} uploaded in the last 24 hours). Try again tomorrow.`,
      { status: 413, field: 'size' },
    );
  }
}

/** Serialises one user's quota checks (the sums above hold until the transaction ends). */
async function lockUser(tx: Transaction, userId: string) {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

/** Checks the quota, in turn with the user's other checks (the storage POST's, an imported photo's). */
export async function checkQuotaInTurn(
  db: Database,
  userId: string,
  size: number,
  quota: UploadQuota,
  exceptKey?: string,
) {
  await db.transaction(async (tx) => {
    await lockUser(tx, userId);
    await checkQuota(tx, userId, size, quota, exceptKey);
  });
}

/**
 * Records uploads the server itself stores (an import's photos) within the
 * quota, in one transaction with the user's other checks, BEFORE their files
 * are written: from then on they count, as an issued policy does, so parallel
 * stores of one user cannot each pass the check and overshoot it together.
 */
export async function reserveUploads(
  db: Database,
  quota: UploadQuota,
  userId: string,
  rows: { key: string; size: number; visibility?: 'private' | 'public' }[],
): Promise<void> {
  await db.transaction(async (tx) => {
    await lockUser(tx, userId);
    await checkQuota(
      tx,
      userId,
      rows.reduce((n, r) => n + r.size, 0),
      quota,
    );
    const values = rows.map((r) => ({
      key: r.key,
      userId,
      size: r.size,
      referenced: r.visibility === 'public',
      visibility: r.visibility ?? 'private',
    }));
    for (let i = 0; i < values.length; i += 1000) await tx.insert(uploads).values(values.slice(i, i + 1000));
  });
}

/** Checks the quota and records a new upload policy for `key`, in one transaction. */
export async function recordIssuedUpload(
  db: Database,
  quota: UploadQuota,
  upload: { key: string; userId: string; size: number },
): Promise<void> {
  await db.transaction(async (tx) => {
    await lockUser(tx, upload.userId);
    await checkQuota(tx, upload.userId, upload.size, quota);
    await tx.insert(uploads).values(upload);
  });
}

/**
 * The storage POST's check (embedded storage): the key must have been issued
 * (recorded), and the user's other uploads plus this one must still fit the
 * quota. Marks the row stored once `store` has kept the file.
 */
export async function storeWithinQuota(
  db: Database,
  quota: UploadQuota,
  key: string,
  store: () => Promise<void>,
): Promise<void> {
  const [row] = await db.select().from(uploads).where(eq(uploads.key, key));
  if (!row) throw new AppError('FORBIDDEN', 'This upload policy is not known here; ask for a new upload policy');
  await checkQuotaInTurn(db, row.userId, row.size, quota, key);
  await store();
  await db.update(uploads).set({ storedAt: sql`now()` }).where(eq(uploads.key, key));
}

/**
 * Records that something refers to the upload, so the sweep keeps it. An
 * upload issued before the table existed gets its row here.
 */
export async function markUploadReferenced(db: Executor, key: string, userId: string): Promise<void> {
  await db
    .insert(uploads)
    .values({ key, userId, size: 0, referenced: true })
    .onConflictDoUpdate({ target: uploads.key, set: { referenced: true } });
}

/** Who may read an upload: its owner, and whether anyone may. Undefined when no row records it. */
export async function uploadAccess(
  db: Database,
  key: string,
): Promise<{ userId: string; visibility: 'private' | 'public' } | undefined> {
  const [row] = await db
    .select({ userId: uploads.userId, visibility: uploads.visibility })
    .from(uploads)
    .where(eq(uploads.key, key));
  return row;
}
