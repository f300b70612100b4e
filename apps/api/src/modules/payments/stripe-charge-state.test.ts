import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { StripePaymentProvider } from './stripe-provider';
import { fakeStripe } from './stripe-test-client';

const intent = (status: string, message?: string) => ({
  id: 'pi_9',
  status,
  amount: 12_300,
  amount_received: 0,
  currency: 'usd',
  last_payment_error: message ? { message } : null,
});

describe('Stripe: how a charge stands (retrieveCharge)', () => {
  it('by its id when known, else by our reference; Stripe’s statuses in ours', async () => {
    const stripe = fakeStripe();
    const provider = new StripePaymentProvider(stripe, 'pk_test');
    stripe.paymentIntents.retrieve.mockResolvedValueOnce(intent('processing'));
    expect(await provider.retrieveCharge({ providerPaymentId: 'pi_9', reference: 'opay_1' })).toEqual({
      id: 'pi_9',
      status: 'processing',
      amount: 12_300,
      currency: 'USD',
    });
    expect(stripe.paymentIntents.retrieve).toHaveBeenCalledWith('pi_9');
    stripe.paymentIntents.search.mockResolvedValueOnce({ data: [intent('requires_payment_method', 'No funds.')] });
    expect(await provider.retrieveCharge({ providerPaymentId: null, reference: 'opay_1' })).toMatchObject({
      status: 'failed',
      failureMessage: 'No funds.',
    });
    expect(stripe.paymentIntents.search).toHaveBeenCalledWith({ query: "metadata['reference']:'opay_1'", limit: 1 });
    stripe.paymentIntents.retrieve.mockResolvedValueOnce(intent('canceled'));
    expect(await provider.retrieveCharge({ providerPaymentId: 'pi_9', reference: 'opay_1' })).toMatchObject({
      status: 'failed',
    });
    stripe.paymentIntents.retrieve.mockResolvedValueOnce(intent('succeeded'));
    expect(await provider.retrieveCharge({ providerPaymentId: 'pi_9', reference: 'opay_1' })).toMatchObject({
      status: 'succeeded',
    });
  });

  it('null when Stripe has no such charge', async () => {
    const stripe = fakeStripe();
    const provider = new StripePaymentProvider(stripe, 'pk_test');
    expect(await provider.retrieveCharge({ providerPaymentId: null, reference: 'opay_2' })).toBeNull();
    stripe.paymentIntents.retrieve.mockRejectedValueOnce(
      new Stripe.errors.StripeInvalidRequestError({ type: 'invalid_request_error', code: 'resource_missing' }),
    );
    expect(await provider.retrieveCharge({ providerPaymentId: 'pi_gone', reference: 'opay_2' })).toBeNull();
  });
});
