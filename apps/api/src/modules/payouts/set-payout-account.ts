import type { PayoutAccountResponse } from '@lotline/contracts';
import type { Executor } from '@lotline/db';
import { companies, payoutAccounts } from '@lotline/db/schema';
import { eq, sql } from 'drizzle-orm';
import { AppError } from '../../lib/errors';
import { assertNotOwnCompany } from '../../lib/own-record';
import { recordAudit } from '../audit/record-audit';
import { UNKNOWN_STATE } from './payout-account';

/**
 * Staff set (or clear) the Stripe Connect account a company's payouts go to (decision 0079), audited as
 * `payout.account`. Staff never set it for a company they belong to: it says where money goes.
 */
export async function setPayoutAccount(
  tx: Executor,
  input: { companyId: string; stripeAccountId: string | null; actorId: string },
): Promise<PayoutAccountResponse> {
  const [company] = await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, input.companyId));
  if (!company) throw AppError.notFound('No such company.');
  await assertNotOwnCompany(tx, input.actorId, input.companyId);
  const [before] = await tx
    .select({ stripeAccountId: payoutAccounts.stripeAccountId })
    .from(payoutAccounts)
    .where(eq(payoutAccounts.companyId, input.companyId))
    .for('update');
  if (input.stripeAccountId === null) {
    await tx.delete(payoutAccounts).where(eq(payoutAccounts.companyId, input.companyId));
  } else {
    // A typed id is a Stripe account whose state nobody asked yet (decision 0090): the seller's refresh asks.
    const row = {
      stripeAccountId: input.stripeAccountId,
      provider: 'stripe' as const,
      ...UNKNOWN_STATE,
      updatedByUserId: input.actorId,
      updatedAt: sql`now()`,
    };
    await tx
      .insert(payoutAccounts)
      .values({ companyId: input.companyId, ...row })
      .onConflictDoUpdate({ target: payoutAccounts.companyId, set: row });
  }
  const after = { companyId: input.companyId, stripeAccountId: input.stripeAccountId };
  await recordAudit(tx, {
    actorId: input.actorId,
    action: 'payout.account',
    targetType: 'company',
    targetId: input.companyId,
    before: { stripeAccountId: before?.stripeAccountId ?? null },
    after: { stripeAccountId: input.stripeAccountId },
  });
  return after;
}
