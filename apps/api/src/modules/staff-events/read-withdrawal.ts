import type { LotWithdrawal } from '@lotline/contracts';
import type { Executor } from '@lotline/db';
import { lotWithdrawals } from '@lotline/db/schema';
import { eq } from 'drizzle-orm';

/** Why the marketplace withdrew a lot (the lot page's notice, decision 0081), or null when it did not. */
export async function readLotWithdrawal(db: Executor, lotId: string): Promise<LotWithdrawal | null> {
  const [row] = await db
    .select({ reason: lotWithdrawals.reason, withdrawnAt: lotWithdrawals.withdrawnAt })
    .from(lotWithdrawals)
    .where(eq(lotWithdrawals.lotId, lotId));
  return row ? { reason: row.reason, withdrawnAt: row.withdrawnAt.toISOString() } : null;
}
