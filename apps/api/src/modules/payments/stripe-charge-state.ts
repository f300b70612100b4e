import Stripe from 'stripe';
import type { ChargeState } from './provider';
import type { StripeClient, StripePaymentIntent } from './stripe-provider';

/**
 * How an order's charge stands at Stripe (issue 26): the PaymentIntent by its id, or, when the charge never told
 * us its id, the one whose `metadata.reference` is our order payment's (Stripe's search; its index lags by
 * seconds, far less than the deadline after which we ask). Null when Stripe has none.
 */
export async function retrieveStripeCharge(
  stripe: StripeClient,
  lookup: { providerPaymentId: string | null; reference: string },
): Promise<ChargeState | null> {
  let intent: StripePaymentIntent | undefined;
  if (lookup.providerPaymentId) {
    try {
      intent = await stripe.paymentIntents.retrieve(lookup.providerPaymentId);
    } catch (err) {
      if (err instanceof Stripe.errors.StripeInvalidRequestError && err.code === 'resource_missing') return null;
      throw err;
    }
  } else {
    if (!/^[\w-]+$/.test(lookup.reference)) throw new Error(`not a payment reference: ${lookup.reference}`);
    const found = await stripe.paymentIntents.search({
      query: `metadata['reference']:'${lookup.reference}'`,
      limit: 1,
    });
    intent = found.data[0];
  }
  return intent ? toChargeState(intent) : null;
}

/**
 * Stripe's PaymentIntent statuses in ours: `succeeded` and `processing` as they are; an off-session charge in
 * any other (refused: `requires_payment_method`; `requires_action`, which no one is present to answer;
 * `canceled`) took nothing.
 */
export function toChargeState(intent: StripePaymentIntent): ChargeState {
  const base = { id: intent.id, amount: intent.amount, currency: intent.currency.toUpperCase() };
  if (intent.status === 'succeeded' || intent.status === 'processing') return { ...base, status: intent.status };
  return {
    ...base,
    status: 'failed',
    failureMessage:
      intent.status === 'canceled'
        ? 'The payment was cancelled.'
        : (intent.last_payment_error?.message ?? 'Your card was declined.'),
  };
}
