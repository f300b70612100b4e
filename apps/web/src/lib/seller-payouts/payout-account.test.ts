import type { PayoutAccountState } from '@lotline/contracts';
import { describe, expect, it } from 'vitest';
import { payoutAccountLabel, payoutAccountSummary } from './payout-account';

/** The console's payout account section in words (decision 0090). */

const account = (over: Partial<PayoutAccountState> = {}): PayoutAccountState => ({
  accountId: 'acct_1Seller',
  provider: 'stripe',
  detailsSubmitted: true,
  chargesEnabled: true,
  payoutsEnabled: true,
  checkedAt: '2026-12-02T18:00:00.000Z',
  ...over,
});

describe('the payout account summary', () => {
  it('offers to connect when there is no account, by the provider in use', () => {
    expect(payoutAccountSummary(null, 'stripe')).toEqual({
      status: 'No payout account: Lotline staff pay you by bank transfer and record each payout.',
      action: 'Connect with Stripe',
    });
    expect(payoutAccountSummary(null, 'sandbox').action).toBe('Connect a sandbox account');
  });

  it('says what stands between the account and a payout, and what the button does next', () => {
    expect(payoutAccountSummary(account({ detailsSubmitted: false, payoutsEnabled: false }), 'stripe')).toEqual({
      status: 'Account acct_1Seller at Stripe: onboarding is not finished, so nothing can be paid to it yet.',
      action: 'Continue onboarding',
    });
    expect(payoutAccountSummary(account({ payoutsEnabled: false }), 'stripe').status).toContain(
      'has not enabled payouts yet',
    );
    expect(payoutAccountSummary(account(), 'stripe').status).toBe('Account acct_1Seller at Stripe: payouts enabled.');
    expect(payoutAccountSummary(account({ provider: 'sandbox' }), 'sandbox').status).toContain('no real money moves');
    expect(payoutAccountSummary(account({ checkedAt: null, payoutsEnabled: null }), 'stripe').status).toContain(
      'set by Lotline staff',
    );
  });

  it("asks to connect again when the account is the other provider's", () => {
    const summary = payoutAccountSummary(account({ provider: 'sandbox' }), 'stripe');
    expect(summary.action).toBe('Connect with Stripe');
    expect(summary.status).toContain('made with the sandbox');
  });
});

describe("staff's label of a company's payout account", () => {
  it('names the account, its provider and its state', () => {
    expect(payoutAccountLabel(null)).toBe('None: bank transfer');
    expect(payoutAccountLabel(account())).toBe('acct_1Seller (Stripe): payouts enabled');
    expect(payoutAccountLabel(account({ provider: 'sandbox', payoutsEnabled: false }))).toBe(
      'acct_1Seller (sandbox): payouts disabled',
    );
    expect(payoutAccountLabel(account({ detailsSubmitted: false }))).toBe(
      'acct_1Seller (Stripe): onboarding not finished',
    );
    expect(payoutAccountLabel(account({ checkedAt: null }))).toBe('acct_1Seller (Stripe): not checked yet');
  });
});
