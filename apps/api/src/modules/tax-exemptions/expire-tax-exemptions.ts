import type { Database } from '@lotline/db';
import { taxExemptions } from '@lotline/db/schema';
import { and, eq, lte } from 'drizzle-orm';
import { startPeriodic } from '../../lib/periodic';
import { recomputeVerified } from '../account/verification';
import { TRANSITIONS } from './lifecycle';

/** How often the sweep runs: reads already show expiry at once; this bounds how long `verified` lags. */
export const EXPIRY_SWEEP_INTERVAL_MS = 15 * 60_000;

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
        .set({ status: TRANSITIONS.expire.to })
        .where(and(eq(taxExemptions.id, row.id), eq(taxExemptions.status, 'active'), lte(taxExemptions.expiresAt, now)))
        .returning({ id: taxExemptions.id });
      if (changed.length === 0) return;
      expired += 1;
      await recomputeVerified(tx, row.userId);
    });
  }
  return expired;
}

/** Runs the sweep now and then every `intervalMs`; the returned function stops it and waits for a run in flight. */
export function startExpirySweep(
  db: Database,
  options: { intervalMs?: number; onError: (err: unknown) => void },
): () => Promise<void> {
  return startPeriodic(() => expireTaxExemptions(db, new Date()), {
    intervalMs: options.intervalMs ?? EXPIRY_SWEEP_INTERVAL_MS,
    onError: options.onError,
  });
}
