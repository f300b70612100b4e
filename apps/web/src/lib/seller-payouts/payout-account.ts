import type { PayoutAccountState, SellerPayoutAccountResponse } from '@lotline/contracts';
import { companyApiPath } from '../seller-company/paths';

/**
 * What the console's "Payout account" section says (decision 0090): the account's state in words, and what the
 * owner's button offers next. Pure, so the page and its test agree.
 */

export interface PayoutAccountSummary {
  /** One sentence on where the company's payouts go now. */
  status: string;
  /** The owner's button: connect, finish the onboarding, or update the details. */
  action: string;
}

/** The API path of a company's payout account. */
export const payoutAccountApiPath = (companyId: string) => `${companyApiPath(companyId)}/payout-account`;

const providerName = (provider: SellerPayoutAccountResponse['provider']) =>
  provider === 'stripe' ? 'Stripe' : 'the sandbox';

export function payoutAccountSummary(
  account: PayoutAccountState | null,
  provider: SellerPayoutAccountResponse['provider'],
): PayoutAccountSummary {
  const connect = provider === 'stripe' ? 'Connect with Stripe' : 'Connect a sandbox account';
  if (!account) {
    return {
      status: 'No payout account: Lotline staff pay you by bank transfer and record each payout.',
      action: connect,
    };
  }
  if (account.provider !== provider) {
    return {
      status: `This account was made with ${providerName(account.provider)}, not the payment provider in use now: payouts are recorded by staff until you connect again.`,
      action: connect,
    };
  }
  const held = `Account ${account.accountId} at ${providerName(account.provider)}`;
  if (account.checkedAt === null) {
    return {
      status: `${held}, set by Lotline staff; its state has not been checked yet.`,
      action: 'Review the account details',
    };
  }
  if (!account.detailsSubmitted) {
    return {
      status: `${held}: onboarding is not finished, so nothing can be paid to it yet.`,
      action: 'Continue onboarding',
    };
  }
  if (!account.payoutsEnabled) {
    return {
      status: `${held}: the provider has not enabled payouts yet (it may need more details). Staff record payouts meanwhile.`,
      action: 'Update the account details',
    };
  }
  const money = account.provider === 'sandbox' ? ' (a test account: no real money moves; staff record payouts)' : '';
  return { status: `${held}: payouts enabled${money}.`, action: 'Update the account details' };
}

/** The account's state in a few words, for staff's company list: where the company's payouts go. */
export function payoutAccountLabel(account: PayoutAccountState | null): string {
  if (!account) return 'None: bank transfer';
  const state =
    account.checkedAt === null
      ? 'not checked yet'
      : !account.detailsSubmitted
        ? 'onboarding not finished'
        : account.payoutsEnabled
          ? 'payouts enabled'
          : 'payouts disabled';
  return `${account.accountId} (${account.provider === 'stripe' ? 'Stripe' : 'sandbox'}): ${state}`;
}
