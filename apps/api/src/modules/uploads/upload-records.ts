import type { Database, Executor, Transaction } from '@lotline/db';
import { companies, uploads, users } from '@lotline/db/schema';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { DEFAULT_COMPANY_UPLOAD_QUOTA, type UploadQuota } from '../../config';
import { AppError } from '../../lib/errors';

/**
 * The `uploads` table (decision 0027): every issued upload policy is a row
 * with its owner and size. Quotas count those rows, by the database's clock:
 * bytes issued in the last 24 hours, and bytes kept in all (unreferenced rows
 * go after 24 hours, so "kept" is what is referenced plus the last day). An
 * upload made for a company's listing is the company's to pay (decision 0085).
 */

export const QUOTA_CODE = 'UPLOAD_QUOTA_EXCEEDED';

/**
 * Who pays for an upload (decision 0085): the company, when it is made for the company's listing
 * (`companyId`), else the user's own allowance. A company's uploads never count against its
 * seller's own allowance, nor the seller's own (messages, certificates) against the company.
 */
export interface UploadCharge {
  userId: string;
  companyId?: string | null | undefined;
}

const MB = 1024 * 1024;
const GB = 1024 * MB;
const amount = (bytes: number) =>
  bytes >= GB && bytes % GB === 0
    ? `${bytes / GB} GB`
    : bytes >= MB
      ? `${Math.floor(bytes / MB)} MB`
      : `${bytes} bytes`;

/** The limits of a charge: the company's quota (its default when the config names none), or the user's. */
const limitsOf = (charge: UploadCharge, quota: UploadQuota) =>
  charge.companyId ? (quota.company ?? DEFAULT_COMPANY_UPLOAD_QUOTA) : quota;

/**
 * Refuses (413 UPLOAD_QUOTA_EXCEEDED, naming the limit and whose it is) when `size` more bytes
 * would take the payer past a quota. `exceptKey`: an upload already counted (its own row, when
 * checking at the storage POST).
 */
export async function checkQuota(
  db: Executor,
  charge: UploadCharge,
  size: number,
  quota: UploadQuota,
  exceptKey?: string,
) {
  const payer = charge.companyId
    ? eq(uploads.companyId, charge.companyId)
    : and(eq(uploads.userId, charge.userId), isNull(uploads.companyId));
  const [used] = await db
    .select({
      total: sql<string>`coalesce(sum(${uploads.size}), 0)`,
      day: sql<string>`coalesce(sum(${uploads.size}) filter (where ${uploads.createdAt} > now() - interval '24 hours'), 0)`,
    })
    .from(uploads)
    .where(exceptKey ? and(payer, ne(uploads.key, exceptKey)) : payer);
  const total = Number(used?.total ?? 0);
  const day = Number(used?.day ?? 0);
  const limits = limitsOf(charge, quota);
  const whose = charge.companyId ? "the company's" : 'your';
  if (total + size > limits.totalBytes) {
    throw new AppError(
      QUOTA_CODE,
      `This upload would pass ${whose} storage limit of ${amount(limits.totalBytes)} (${amount(total)} used). Remove files you no longer need.`,
      { status: 413, field: 'size' },
    );
  }
  if (day + size > limits.dailyBytes) {
    throw new AppError(
      QUOTA_CODE,
      `This upload would pass ${whose} daily upload limit of ${amount(limits.dailyBytes)} (${amount(day)} uploaded in the last 24 hours). Try again tomorrow.`,
      { status: 413, field: 'size' },
    );
  }
}

/** Serialises one payer's quota checks (the sums above hold until the transaction ends): its company row or user row. */
async function lockPayer(tx: Transaction, charge: UploadCharge) {
  if (charge.companyId) {
    const [company] = await tx
      .select({ id: companies.id })
      .from(companies)
      .where(eq(companies.id, charge.companyId))
      .for('update');
    if (!company) throw AppError.notFound('That company is not known here.');
    return;
  }
  await tx.select({ id: users.id }).from(users).where(eq(users.id, charge.userId)).for('update');
}

/** Checks the quota, in turn with the payer's other checks (the storage POST's, an imported photo's). */
export async function checkQuotaInTurn(
  db: Database,
  charge: UploadCharge,
  size: number,
  quota: UploadQuota,
  exceptKey?: string,
) {
  await db.transaction(async (tx) => {
    await lockPayer(tx, charge);
    await checkQuota(tx, charge, size, quota, exceptKey);
  });
}

/**
 * Records uploads the server itself stores (an import's photos) within the
 * quota, in one transaction with the payer's other checks, BEFORE their files
 * are written: from then on they count, as an issued policy does, so parallel
 * stores of one payer cannot each pass the check and overshoot it together.
 * `companyId`: the company whose listing they are for, which pays for them.
 */
export async function reserveUploads(
  db: Database,
  quota: UploadQuota,
  userId: string,
  rows: { key: string; size: number; visibility?: 'private' | 'public' }[],
  companyId?: string | null,
): Promise<void> {
  const charge = { userId, companyId: companyId ?? null };
  await db.transaction(async (tx) => {
    await lockPayer(tx, charge);
    await checkQuota(
      tx,
      charge,
      rows.reduce((n, r) => n + r.size, 0),
      quota,
    );
    const values = rows.map((r) => ({
      key: r.key,
      userId,
      companyId: charge.companyId,
      size: r.size,
      referenced: r.visibility === 'public',
      visibility: r.visibility ?? 'private',
    }));
    for (let i = 0; i < values.length; i += 1000) await tx.insert(uploads).values(values.slice(i, i + 1000));
  });
}

/** Checks the payer's quota and records a new upload policy for `key`, in one transaction. */
export async function recordIssuedUpload(
  db: Database,
  quota: UploadQuota,
  upload: { key: string; userId: string; size: number; companyId?: string | null | undefined },
): Promise<void> {
  const row = { ...upload, companyId: upload.companyId ?? null };
  await db.transaction(async (tx) => {
    await lockPayer(tx, row);
    await checkQuota(tx, row, row.size, quota);
    await tx.insert(uploads).values(row);
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
  await checkQuotaInTurn(db, row, row.size, quota, key);
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
