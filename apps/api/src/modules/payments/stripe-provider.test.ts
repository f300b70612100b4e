import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { StripePaymentProvider } from './stripe-provider';
import { fakeStripe } from './stripe-test-client';

/** The Stripe adapter against the stand-in client: the calls it makes, and how it reads the answers. */
describe('the Stripe adapter', () => {
  it('creates a customer once and an off-session card SetupIntent; answers the client secret and publishable key', async () => {
    const stripe = fakeStripe();
    const provider = new StripePaymentProvider(stripe, 'pk_test_abc');
    const setup = await provider.createSetup({ reference: 'usr_1', customerId: undefined, returnUrl: 'http://x/back' });
    expect(stripe.customers.create).toHaveBeenCalledWith({ metadata: { userId: 'usr_1' } });
    expect(stripe.setupIntents.create).toHaveBeenCalledWith({
      customer: 'cus_1',
      usage: 'off_session',
      payment_method_types: ['card'],
      metadata: { userId: 'usr_1' },
    });
    expect(setup).toEqual({
      providerSetupId: 'seti_1',
      customerId: 'cus_1',
      next: {
        type: 'stripe',
        clientSecret: 'seti_1_secret_x',
        publishableKey: 'pk_test_abc',
        returnUrl: 'http://x/back',
      },
    });
    await provider.createSetup({ reference: 'usr_1', customerId: 'cus_1', returnUrl: 'http://x/back' });
    expect(stripe.customers.create).toHaveBeenCalledTimes(1);
  });

  it("reads the SetupIntent's card: id, brand, last4 and expiry", async () => {
    const stripe = fakeStripe();
    const provider = new StripePaymentProvider(stripe, 'pk_test_abc');
    expect(await provider.retrieveSetup('seti_1')).toEqual({
      status: 'succeeded',
      reference: 'usr_1',
      card: { id: 'pm_1', brand: 'visa', last4: '4242', expMonth: 12, expYear: 2034 },
    });
    expect(stripe.setupIntents.retrieve).toHaveBeenCalledWith('seti_1', { expand: ['payment_method'] });
  });

  it('reports an unfinished or failed SetupIntent with its error', async () => {
    const stripe = fakeStripe();
    stripe.setupIntents.retrieve.mockResolvedValueOnce({
      id: 'seti_1',
      status: 'requires_payment_method',
      client_secret: 's',
      metadata: { userId: 'usr_1' },
      payment_method: null,
      last_setup_error: { message: 'Your card was declined.' },
    });
    const provider = new StripePaymentProvider(stripe, 'pk_test_abc');
    expect(await provider.retrieveSetup('seti_1')).toEqual({
      status: 'pending',
      reference: 'usr_1',
      message: 'Your card was declined.',
    });
  });

  it('holds with a manual-capture PaymentIntent, captures and cancels it', async () => {
    const stripe = fakeStripe();
    const provider = new StripePaymentProvider(stripe, 'pk_test_abc');
    const hold = await provider.authorizeHold({
      paymentMethodId: 'pm_1',
      customerId: 'cus_1',
      amount: 50_000,
      currency: 'USD',
      reference: 'reg_1',
    });
    expect(stripe.paymentIntents.create).toHaveBeenCalledWith(
      {
        amount: 50_000,
        currency: 'usd',
        customer: 'cus_1',
        payment_method: 'pm_1',
        capture_method: 'manual',
        confirm: true,
        off_session: true,
        metadata: { reference: 'reg_1' },
      },
      { idempotencyKey: 'hold-reg_1' },
    );
    expect(hold).toEqual({
      id: 'pi_1',
      status: 'requires_capture',
      amount: 50_000,
      amountCaptured: 0,
      currency: 'USD',
    });
    expect(await provider.captureHold('pi_1', 20_000)).toMatchObject({ status: 'succeeded', amountCaptured: 50_000 });
    expect(stripe.paymentIntents.capture).toHaveBeenCalledWith('pi_1', { amount_to_capture: 20_000 });
    expect(await provider.cancelHold('pi_1')).toMatchObject({ status: 'canceled' });
    await provider.detachPaymentMethod('pm_1');
    expect(stripe.paymentMethods.detach).toHaveBeenCalledWith('pm_1');
  });

  it("turns Stripe's card errors into PAYMENT_DECLINED (402) and refuses bad amounts before calling", async () => {
    const stripe = fakeStripe();
    stripe.paymentIntents.create.mockRejectedValueOnce(
      new Stripe.errors.StripeCardError({ message: 'Your card has insufficient funds.', type: 'card_error' }),
    );
    const provider = new StripePaymentProvider(stripe, 'pk_test_abc');
    const request = { paymentMethodId: 'pm_1', customerId: 'cus_1', amount: 1000, currency: 'USD', reference: 'r' };
    await expect(provider.authorizeHold(request)).rejects.toMatchObject({
      code: 'PAYMENT_DECLINED',
      status: 402,
      message: 'Your card has insufficient funds.',
    });
    stripe.paymentIntents.create.mockResolvedValueOnce({
      id: 'pi_2',
      status: 'requires_payment_method',
      amount: 1000,
      amount_received: 0,
      currency: 'usd',
    });
    await expect(provider.authorizeHold(request)).rejects.toMatchObject({ code: 'PAYMENT_DECLINED' });
    await expect(provider.authorizeHold({ ...request, amount: -5 })).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
    });
    expect(stripe.paymentIntents.create).toHaveBeenCalledTimes(2);
  });

  it('refunds part of a PaymentIntent under the refund part as idempotency key; reads pending and failed refunds', async () => {
    const stripe = fakeStripe();
    const provider = new StripePaymentProvider(stripe, 'pk_test_abc');
    const request = { providerPaymentId: 'pi_1', amount: 12_000, currency: 'USD', reference: 'rfp_1' };
    expect(await provider.refund(request)).toEqual({ id: 're_1', status: 'succeeded', amount: 12_000 });
    expect(stripe.refunds.create).toHaveBeenCalledWith(
      { payment_intent: 'pi_1', amount: 12_000, metadata: { reference: 'rfp_1' } },
      { idempotencyKey: 'refund-rfp_1' },
    );
    stripe.refunds.create.mockResolvedValueOnce({ id: 're_2', status: 'requires_action', amount: 12_000 });
    expect(await provider.refund(request)).toEqual({ id: 're_2', status: 'pending', amount: 12_000 });
    stripe.refunds.create.mockResolvedValueOnce({
      id: 're_3',
      status: 'failed',
      amount: 12_000,
      failure_reason: 'expired_or_canceled_card',
    });
    expect(await provider.refund(request)).toEqual({
      id: 're_3',
      status: 'failed',
      amount: 12_000,
      failureMessage: 'The refund failed: the card has expired or was cancelled.',
    });
  });

  it("turns Stripe's refusal of a refund into a CONFLICT with its message and refuses bad amounts before calling", async () => {
    const stripe = fakeStripe();
    stripe.refunds.create.mockRejectedValueOnce(
      new Stripe.errors.StripeInvalidRequestError({
        message: 'Refund amount ($150.00) is greater than unrefunded amount on charge ($100.00)',
        type: 'invalid_request_error',
      }),
    );
    const provider = new StripePaymentProvider(stripe, 'pk_test_abc');
    const request = { providerPaymentId: 'pi_1', amount: 15_000, currency: 'USD', reference: 'rfp_2' };
    await expect(provider.refund(request)).rejects.toMatchObject({
      code: 'CONFLICT',
      message:
        'The payment provider refused the request: Refund amount ($150.00) is greater than unrefunded amount on charge ($100.00)',
    });
    await expect(provider.refund({ ...request, amount: 0 })).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(stripe.refunds.create).toHaveBeenCalledTimes(1);
  });
});
