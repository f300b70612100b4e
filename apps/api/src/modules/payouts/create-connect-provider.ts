import type { Database } from '@lotline/db';
import type { Config } from '../../config';
import type { ConnectProvider } from './connect-provider';
import { SandboxConnectProvider } from './sandbox/sandbox-connect';
import { createStripeConnectClient, StripeConnectProvider } from './stripe-connect';

/**
 * The one place the Connect provider is built (decision 0090): Stripe when the payments run on Stripe, else the
 * sandbox, whose onboarding page this API serves (as it serves the sandbox's card page).
 */
export function createConnectProvider(
  db: Database,
  config: Pick<Config, 'paymentsProvider' | 'stripe' | 'publicOrigin'>,
): ConnectProvider {
  if (config.paymentsProvider === 'stripe' && config.stripe) {
    return new StripeConnectProvider(createStripeConnectClient(config.stripe.secretKey));
  }
  return new SandboxConnectProvider(db, config.publicOrigin);
}
