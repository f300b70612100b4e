import { paymentCustomers, paymentMethods } from '@lotline/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { send } from '../account/test-helpers';
import { get, ORIGIN, signUpUser } from '../identity/test-helpers';
import { StripePaymentProvider } from './stripe-provider';
import { fakeStripe } from './stripe-test-client';
import { completeCardSetup, methodsUrl, setupsUrl } from './test-helpers';

/** The payment routes over the Stripe adapter (with a stand-in client: Stripe is not reachable from here). */
describe('payment methods with the Stripe adapter', () => {
  let t: TestApp;
  const stripe = fakeStripe();
  beforeAll(async () => {
    t = await createTestApp({ paymentProvider: new StripePaymentProvider(stripe, 'pk_test_abc') });
  });
  afterAll(() => t.close());

  it('answers the client secret for Elements, reuses the customer, and stores the SetupIntent card', async () => {
    const user = await signUpUser(t);
    stripe.setupIntents.retrieve.mockResolvedValue({
      id: 'seti_1',
      status: 'succeeded',
      client_secret: 'seti_1_secret_x',
      metadata: { userId: user.id },
      payment_method: { id: 'pm_1', card: { brand: 'mastercard', last4: '4444', exp_month: 3, exp_year: 2031 } },
    });
    const started = await send(t, 'POST', setupsUrl(user.id), undefined, user);
    expect(started.statusCode).toBe(201);
    const setup = started.json().data;
    expect(setup).toEqual({
      id: expect.stringMatching(/^pms_/),
      provider: 'stripe',
      next: {
        type: 'stripe',
        clientSecret: 'seti_1_secret_x',
        publishableKey: 'pk_test_abc',
        returnUrl: `${ORIGIN}/account/payment-methods/return?setup=${setup.id}`,
      },
    });
    expect(await t.db.select().from(paymentCustomers).where(eq(paymentCustomers.userId, user.id))).toEqual([
      expect.objectContaining({ provider: 'stripe', customerId: 'cus_1' }),
    ]);
    await send(t, 'POST', setupsUrl(user.id), undefined, user);
    expect(stripe.customers.create).toHaveBeenCalledTimes(1);

    const done = await completeCardSetup(t, user, setup.id);
    expect(done.statusCode).toBe(201);
    expect(done.json().data).toEqual({
      id: expect.stringMatching(/^pmt_/),
      brand: 'mastercard',
      last4: '4444',
      expMonth: 3,
      expYear: 2031,
      isDefault: true,
    });
    const [row] = await t.db.select().from(paymentMethods).where(eq(paymentMethods.userId, user.id));
    expect(row).toMatchObject({ provider: 'stripe', providerPaymentMethodId: 'pm_1' });

    await send(t, 'DELETE', `${methodsUrl(user.id)}/${row?.id}`, undefined, user);
    expect(stripe.paymentMethods.detach).toHaveBeenCalledWith('pm_1');
    expect((await get(t, methodsUrl(user.id), user.cookie)).json().data).toEqual([]);
  });

  it('does not serve the sandbox pages', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/payments-sandbox/setup/seti_sbx_1' });
    expect(res.statusCode).toBe(404);
    expect(res.json().errors[0].code).toBe('NOT_FOUND');
  });
});
