import type { Database } from '@lotline/db';
import { taxExemptions } from '@lotline/db/schema';
import { TAX_EXEMPTION_TRANSITIONS } from '@lotline/domain';
import { and, eq, lte } from 'drizzle-orm';
import type { JobRunner } from '../../lib/jobs/job-runner';
import { recomputeVerified } from '../account/verification';

/** How often the sweep runs, in seconds: reads already show expiry at once; this bounds how long `verified` lags. */
export const EXPIRY_SWEEP_EVERY_S = 15 * 60;

/**
 * Stores "expired" on active exemptions past their `expiresAt` and recomputes
 * each owner's `verified` in the same transaction. Returns how many expired.
 */
export async function expireTaxExemptions(db: Database, now: Date): Promise<number> {
  const due = await db
    .select({ id: taxExemptions.id, userId: taxExemptions.userId })
    .from(taxExemptions)
    .where(and(eq(taxExemptions.status, 'active'), lte(taxExemptions.expiresAt, now)));
  let expired = 0;
  for (const row of due) {
    await db.transaction(async (tx) => {
      // The condition is repeated: staff may have revoked it since the select.
      const changed = await tx
        .update(taxExemptions)
        .set({ status: TAX_EXEMPTION_TRANSITIONS.expire.to })
        .where(and(eq(taxExemptions.id, row.id), eq(taxExemptions.status, 'active'), lte(taxExemptions.expiresAt, now)))
        .returning({ id: taxExemptions.id });
      if (changed.length === 0) return;
      expired += 1;
      await recomputeVerified(tx, row.userId);
    });
  }
  return expired;
}

/** The sweep as a periodic job: at start, then every 15 minutes across all API processes (it is idempotent). */
export function registerExpirySweep(jobs: JobRunner, db: Database): void {
  jobs.register('tax-exemption-expiry', () => expireTaxExemptions(db, new Date()), {
    everySeconds: EXPIRY_SWEEP_EVERY_S,
    failureMessage: 'could not expire tax exemptions',
  });
}
