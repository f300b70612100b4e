import type { ReviewedTaxExemption, TaxExemption, TaxExemptionStatus } from '@lotline/contracts';
import type { Database } from '@lotline/db';
import { taxExemptions, users } from '@lotline/db/schema';
import { effectiveTaxExemptionStatus, TAX_EXEMPTION_TRANSITIONS, type TaxExemptionTransition } from '@lotline/domain';
import { asc, desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { AppError } from '../../lib/errors';
import { assertNotOwnRecord } from '../../lib/own-record';
import { recomputeVerified } from '../account/verification';
import { recordAudit } from '../audit/record-audit';
import type { UploadStorage } from '../uploads/storage';
import { effectiveStatusIs } from './lifecycle-sql';
import { exemptionColumns, presentExemption } from './present';

const MAX_LISTED = 200;
const reviewer = alias(users, 'reviewer');

/** Staff's list by status: the queue (in review) oldest first, the others newest first. */
export async function listForReview(
  db: Database,
  storage: UploadStorage,
  status: TaxExemptionStatus,
  now: Date,
): Promise<{ taxExemptions: ReviewedTaxExemption[] }> {
  const rows = await db
    .select({
      ...exemptionColumns,
      userId: users.id,
      userName: users.name,
      userEmail: users.email,
      reviewedBy: reviewer.email,
      reviewedAt: taxExemptions.reviewedAt,
      reviewNote: taxExemptions.reviewNote,
    })
    .from(taxExemptions)
    .innerJoin(users, eq(users.id, taxExemptions.userId))
    .leftJoin(reviewer, eq(reviewer.id, taxExemptions.reviewedBy))
    .where(effectiveStatusIs(status, now))
    .orderBy(status === 'in-review' ? asc(taxExemptions.createdAt) : desc(taxExemptions.createdAt))
    .limit(MAX_LISTED);
  return {
    taxExemptions: rows.map((r) => ({
      ...presentExemption(r, storage, now),
      user: { id: r.userId, name: r.userName, email: r.userEmail },
      reviewedBy: r.reviewedBy,
      reviewedAt: r.reviewedAt?.toISOString() ?? null,
      reviewNote: r.reviewNote,
    })),
  };
}

/** The last day an approval may run to: certificates are reissued every few years at most. */
const MAX_YEARS = 5;

/** End of the given day (UTC), or one year from now by default. */
export function approvalExpiry(expiresOn: string | undefined, now: Date): Date {
  if (expiresOn === undefined) {
    const d = new Date(now);
    d.setUTCFullYear(d.getUTCFullYear() + 1);
    return d;
  }
  const end = new Date(`${expiresOn}T23:59:59.999Z`);
  const latest = new Date(now);
  latest.setUTCFullYear(latest.getUTCFullYear() + MAX_YEARS);
  if (Number.isNaN(end.getTime()) || end <= now) {
    throw AppError.validation('The expiry date must be in the future.', 'expiresOn');
  }
  if (end > latest) throw AppError.validation(`The expiry date must be within ${MAX_YEARS} years.`, 'expiresOn');
  return end;
}

const REFUSALS: Record<TaxExemptionTransition, string> = {
  approve: 'Only an exemption in review can be approved.',
  revoke: 'Only an exemption in review or active can be revoked.',
  expire: 'Only an active exemption can expire.',
};

/**
 * Moves one exemption along the lifecycle (approve or revoke) as `staffId`,
 * and recomputes the owner's `verified` in the same transaction. The row is
 * locked, so two reviewers acting at once cannot both succeed.
 */
export async function reviewTaxExemption(
  db: Database,
  storage: UploadStorage,
  exemptionId: string,
  transition: 'approve' | 'revoke',
  change: { staffId: string; expiresAt?: Date; note?: string },
  now: Date,
): Promise<TaxExemption> {
  const updated = await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ userId: taxExemptions.userId, status: taxExemptions.status, expiresAt: taxExemptions.expiresAt })
      .from(taxExemptions)
      .where(eq(taxExemptions.id, exemptionId))
      .for('update');
    if (!row) throw AppError.notFound('No such tax exemption.');
    assertNotOwnRecord(change.staffId, row.userId);
    const rule = TAX_EXEMPTION_TRANSITIONS[transition];
    if (!(rule.from as readonly TaxExemptionStatus[]).includes(effectiveTaxExemptionStatus(row, now))) {
      throw new AppError('CONFLICT', REFUSALS[transition]);
    }
    const [after] = await tx
      .update(taxExemptions)
      .set({
        status: rule.to,
        reviewedBy: change.staffId,
        reviewedAt: now,
        ...(change.expiresAt ? { expiresAt: change.expiresAt } : {}),
        ...(change.note !== undefined ? { reviewNote: change.note } : {}),
      })
      .where(eq(taxExemptions.id, exemptionId))
      .returning(exemptionColumns);
    await recomputeVerified(tx, row.userId);
    await recordAudit(tx, {
      actorId: change.staffId,
      action: `tax-exemption.${transition}`,
      targetType: 'tax-exemption',
      targetId: exemptionId,
      before: { status: row.status, expiresAt: row.expiresAt },
      after: after && { status: after.status, expiresAt: after.expiresAt, reviewNote: change.note ?? null },
    });
    return after;
  });
  if (!updated) throw new Error('the locked exemption was not updated');
  return presentExemption(updated, storage, now);
}
