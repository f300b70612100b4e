import type { Database } from '@lotline/db';
import type { Config } from '../../config';
import type { PaymentMailDeps } from './notify-payment';
import { handlePaymentEvent } from './payment-events';
import type { PaymentProvider } from './provider';
import { SandboxPaymentProvider } from './sandbox/sandbox-provider';
import { createStripeClient, StripePaymentProvider } from './stripe-provider';

/** Stripe when its keys are set, else the built-in sandbox (decision 0015): the app and the deposit jobs share it. */
export function createPaymentProvider(db: Database, config: Config, mail?: PaymentMailDeps): PaymentProvider {
  if (config.stripe) {
    return new StripePaymentProvider(createStripeClient(config.stripe.secretKey), config.stripe.publishableKey);
  }
  const sandbox = new SandboxPaymentProvider(db, config.publicOrigin);
  // The sandbox's charges deliver their events to the webhook's handler, as Stripe would (decision 0044).
  sandbox.deliverEventsTo(async (event) => void (await handlePaymentEvent({ db, mail }, 'sandbox', event)));
  return sandbox;
}
