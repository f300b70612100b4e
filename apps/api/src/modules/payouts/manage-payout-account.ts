import { type PayoutAccountState, type PayoutOnboardingResponse, sellerPayoutsPath } from '@lotline/contracts';
import type { Database, Executor } from '@lotline/db';
import { companies, payoutAccounts } from '@lotline/db/schema';
import { and, eq, ne, sql } from 'drizzle-orm';
import { AppError } from '../../lib/errors';
import { recordAudit } from '../audit/record-audit';
import { requireCompanyRole } from '../seller-company/company-role';
import type { ConnectedAccount, ConnectProvider } from './connect-provider';
import { readPayoutAccount } from './payout-account';

/**
 * The seller's own payout account (decision 0090): an owner connects the company to the payment provider's
 * onboarding (Stripe Express, or the sandbox's page) and, back from it, refreshes what the provider says of the
 * account. Each change is audited (`company.payoutAccount.connect`, `company.payoutAccount.status`). Provider calls
 * happen outside any transaction: the sandbox provider writes through the database itself.
 */

export interface ConnectDeps {
  db: Database;
  connect: ConnectProvider;
  publicOrigin: string;
}

/** Owners only: the account says where the company's money goes. */
export async function requirePayoutManager(db: Executor, userId: string, companyId: string): Promise<void> {
  const role = await requireCompanyRole(db, userId, companyId);
  if (role !== 'owner') {
    throw new AppError('FORBIDDEN', 'Only an owner of the company can set up or refresh its payout account.');
  }
}

const providerState = (account: ConnectedAccount) => ({
  detailsSubmitted: account.detailsSubmitted,
  chargesEnabled: account.chargesEnabled,
  payoutsEnabled: account.payoutsEnabled,
});

/**
 * Makes the company's connected account once, then a fresh single-use onboarding link for it. Connecting again
 * (a second click, a retry, two owners at once) reuses the stored account: the provider's idempotency key is the
 * company's, and the store keeps the first. An account of the other provider (the sandbox's, once Stripe is
 * configured) is replaced by a new one.
 */
export async function startPayoutOnboarding(
  deps: ConnectDeps,
  input: { companyId: string; actorId: string },
): Promise<PayoutOnboardingResponse> {
  const { db, connect } = deps;
  await requirePayoutManager(db, input.actorId, input.companyId);
  let account = await readPayoutAccount(db, input.companyId);
  if (account?.provider !== connect.name) {
    const [company] = await db
      .select({ country: companies.country })
      .from(companies)
      .where(eq(companies.id, input.companyId));
    const made = await connect.createAccount({
      reference: input.companyId,
      country: company?.country ?? null,
      idempotencyKey: `payout-account-${connect.name}-${input.companyId}`,
    });
    await storeAccount(db, input, made, connect.name, account);
    account = await readPayoutAccount(db, input.companyId);
  }
  if (!account) throw new Error(`payout account of ${input.companyId} missing after connect`);
  const url = await connect.createOnboardingLink({
    accountId: account.accountId,
    returnUrl: `${deps.publicOrigin}${sellerPayoutsPath(input.companyId, 'return')}`,
    refreshUrl: `${deps.publicOrigin}${sellerPayoutsPath(input.companyId, 'refresh')}`,
  });
  return { url, account };
}

/** Stores the new account unless one of the same provider got there first; audited only when stored. */
async function storeAccount(
  db: Database,
  input: { companyId: string; actorId: string },
  made: ConnectedAccount,
  provider: ConnectProvider['name'],
  before: PayoutAccountState | null,
): Promise<void> {
  const row = {
    stripeAccountId: made.id,
    provider,
    ...providerState(made),
    checkedAt: sql`now()`,
    updatedByUserId: input.actorId,
    updatedAt: sql`now()`,
  };
  await db.transaction(async (tx) => {
    const stored = await tx
      .insert(payoutAccounts)
      .values({ companyId: input.companyId, ...row })
      .onConflictDoUpdate({
        target: payoutAccounts.companyId,
        set: row,
        // Only over the other provider's account: a concurrent connect of the same provider keeps the first.
        setWhere: ne(payoutAccounts.provider, provider),
      })
      .returning({ companyId: payoutAccounts.companyId });
    if (stored.length === 0) return;
    await recordAudit(tx, {
      actorId: input.actorId,
      action: 'company.payoutAccount.connect',
      targetType: 'company',
      targetId: input.companyId,
      before: before ? { accountId: before.accountId, provider: before.provider } : null,
      after: { accountId: made.id, provider, ...providerState(made) },
    });
  });
}

/**
 * Asks the provider how the company's account stands (back from its onboarding) and stores it; a change is
 * audited, the same answer again changes nothing. 404 without an account; 409 for one the configured provider
 * does not hold (connect again).
 */
export async function refreshPayoutAccount(
  deps: ConnectDeps,
  input: { companyId: string; actorId: string },
): Promise<PayoutAccountState> {
  const { db, connect } = deps;
  await requirePayoutManager(db, input.actorId, input.companyId);
  const account = await readPayoutAccount(db, input.companyId);
  if (!account) throw AppError.notFound('This company has no payout account yet: connect one first.');
  if (account.provider !== connect.name) {
    throw new AppError('CONFLICT', 'This payout account was made with another payment provider: connect again.');
  }
  const now = providerState(await connect.retrieveAccount(account.accountId));
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select({
        detailsSubmitted: payoutAccounts.detailsSubmitted,
        chargesEnabled: payoutAccounts.chargesEnabled,
        payoutsEnabled: payoutAccounts.payoutsEnabled,
      })
      .from(payoutAccounts)
      .where(and(eq(payoutAccounts.companyId, input.companyId), eq(payoutAccounts.stripeAccountId, account.accountId)))
      .for('update');
    // Replaced meanwhile (staff set another id): this answer is about an account the company no longer has.
    if (!before) return;
    await tx
      .update(payoutAccounts)
      .set({ ...now, checkedAt: sql`now()` })
      .where(eq(payoutAccounts.companyId, input.companyId));
    const changed = (Object.keys(now) as (keyof typeof now)[]).some((k) => before[k] !== now[k]);
    if (!changed) return;
    await recordAudit(tx, {
      actorId: input.actorId,
      action: 'company.payoutAccount.status',
      targetType: 'company',
      targetId: input.companyId,
      before: { accountId: account.accountId, ...before },
      after: { accountId: account.accountId, ...now },
    });
  });
  const stored = await readPayoutAccount(db, input.companyId);
  if (!stored) throw AppError.notFound('This company has no payout account any more.');
  return stored;
}
