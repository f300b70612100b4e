import type { Database } from '@lotline/db';
import type { Config } from '../../config';
import type { PaymentEventHandler, PaymentProvider } from './provider';
import { SandboxPaymentProvider } from './sandbox/sandbox-provider';
import { createStripeClient, StripePaymentProvider } from './stripe-provider';

/**
 * The one place a payment provider is built (decision 0015): the one `config.paymentsProvider` names (decision
 * 0066: production runs Stripe unless PAYMENTS_PROVIDER=sandbox says otherwise), Stripe or the built-in sandbox,
 * whose charges and refunds deliver their events to `onEvent` in process, as Stripe's webhook would (decision 0044).
 * The app, the jobs and the demo seed share it; each passes the orders module's handler.
 */
export function createPaymentProvider(db: Database, config: Config, onEvent?: PaymentEventHandler): PaymentProvider {
  if (config.paymentsProvider === 'stripe') {
    // loadConfig never lets this happen; a hand-made config (a test, a script) could.
    if (!config.stripe) throw new Error('paymentsProvider is "stripe" but config.stripe has no keys');
    return new StripePaymentProvider(createStripeClient(config.stripe.secretKey), config.stripe.publishableKey);
  }
  const sandbox = new SandboxPaymentProvider(db, config.publicOrigin);
  if (onEvent) sandbox.deliverEventsTo(async (event) => void (await onEvent('sandbox', event)));
  return sandbox;
}
