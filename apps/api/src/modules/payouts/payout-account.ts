import type { PayoutAccountState } from '@lotline/contracts';
import type { Executor } from '@lotline/db';
import { payoutAccounts } from '@lotline/db/schema';
import { eq } from 'drizzle-orm';

/** A company's payout account as the console and staff read it (decision 0090). */

/** What the provider said, unknown: an account staff typed, not asked yet. */
export const UNKNOWN_STATE = { detailsSubmitted: null, chargesEnabled: null, payoutsEnabled: null, checkedAt: null };

/** The columns of `payout_accounts` that make a `PayoutAccountState` (select them, then `toAccountState`). */
export const accountStateColumns = {
  accountId: payoutAccounts.stripeAccountId,
  provider: payoutAccounts.provider,
  detailsSubmitted: payoutAccounts.detailsSubmitted,
  chargesEnabled: payoutAccounts.chargesEnabled,
  payoutsEnabled: payoutAccounts.payoutsEnabled,
  checkedAt: payoutAccounts.checkedAt,
};

interface StateRow {
  accountId: string;
  provider: PayoutAccountState['provider'];
  detailsSubmitted: boolean | null;
  chargesEnabled: boolean | null;
  payoutsEnabled: boolean | null;
  checkedAt: Date | null;
}

/** A row of `accountStateColumns` as the contract's state; a left join's null (no account) stays null. */
export function toAccountState(row: StateRow | null): PayoutAccountState | null {
  if (!row) return null;
  return { ...row, checkedAt: row.checkedAt?.toISOString() ?? null };
}

export async function readPayoutAccount(db: Executor, companyId: string): Promise<PayoutAccountState | null> {
  const [row] = await db
    .select(accountStateColumns)
    .from(payoutAccounts)
    .where(eq(payoutAccounts.companyId, companyId));
  return toAccountState(row ?? null);
}
