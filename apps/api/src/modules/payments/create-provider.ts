import type { Database } from '@lotline/db';
import type { Config } from '../../config';
import type { PaymentProvider } from './provider';
import { SandboxPaymentProvider } from './sandbox/sandbox-provider';
import { createStripeClient, StripePaymentProvider } from './stripe-provider';

/** Stripe when its keys are set, else the built-in sandbox (decision 0015): the app and the deposit jobs share it. */
export function createPaymentProvider(db: Database, config: Config): PaymentProvider {
  return config.stripe
    ? new StripePaymentProvider(createStripeClient(config.stripe.secretKey), config.stripe.publishableKey)
    : new SandboxPaymentProvider(db, config.publicOrigin);
}
