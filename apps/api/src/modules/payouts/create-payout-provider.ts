import type { Config } from '../../config';
import type { PayoutProvider } from './payout-provider';
import { createStripeTransferClient, StripePayoutProvider } from './stripe-payouts';

/**
 * The one place the payout provider is built (decision 0079): Stripe Connect when the payments run on Stripe
 * (its secret key moves the marketplace's balance); none with the sandbox, whose charges are not real money:
 * every payout is then recorded by staff.
 */
export function createPayoutProvider(config: Pick<Config, 'paymentsProvider' | 'stripe'>): PayoutProvider | null {
  if (config.paymentsProvider !== 'stripe' || !config.stripe) return null;
  return new StripePayoutProvider(createStripeTransferClient(config.stripe.secretKey));
}
