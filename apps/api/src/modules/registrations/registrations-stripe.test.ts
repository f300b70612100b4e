import { paymentCustomers, paymentMethods, registrations, users } from '@lotline/db/schema';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { signUpUser } from '../identity/test-helpers';
import { agree } from '../messaging/test-helpers';
import { StripePaymentProvider } from '../payments/stripe-provider';
import { fakeStripe } from '../payments/stripe-test-client';
import { auction, register } from './test-helpers';

/** Registration over the Stripe adapter (a stand-in client): a manual-capture PaymentIntent, idempotent per hold. */
describe('registration with the Stripe adapter', () => {
  let t: TestApp;
  const stripe = fakeStripe();
  beforeAll(async () => {
    t = await createTestApp({ paymentProvider: new StripePaymentProvider(stripe, 'pk_test_abc') });
  });
  afterAll(() => t.close());

  /** A verified user with a Stripe card and customer, agreed to the event's terms. */
  async function stripeBidder(eventId: string, pm: string) {
    const user = await signUpUser(t);
    await t.db.update(users).set({ verified: true }).where(eq(users.id, user.id));
    await t.db.insert(paymentCustomers).values({ userId: user.id, provider: 'stripe', customerId: `cus_${pm}` });
    await t.db.insert(paymentMethods).values({
      id: `pmt_${pm}`,
      userId: user.id,
      provider: 'stripe',
      providerPaymentMethodId: pm,
      brand: 'visa',
      last4: '4242',
      expMonth: 12,
      expYear: 2034,
      isDefault: true,
    });
    await agree(t, user, eventId);
    return user;
  }

  it("holds the deposit with the customer's card, capture manual, keyed by the hold row", async () => {
    const { event } = await auction(t);
    const user = await stripeBidder(event.id, 'pm_a');
    const res = await register(t, user, event.id);
    expect(res.statusCode).toBe(201);
    expect(res.json().data.deposit).toMatchObject({ amount: 50_000, currency: 'USD', status: 'held' });
    const [reg] = await t.db.select().from(registrations).where(eq(registrations.userId, user.id));
    expect(stripe.paymentIntents.create).toHaveBeenLastCalledWith(
      {
        amount: 50_000,
        currency: 'usd',
        customer: 'cus_pm_a',
        payment_method: 'pm_a',
        capture_method: 'manual',
        confirm: true,
        off_session: true,
        metadata: { reference: reg?.currentHoldId },
      },
      { idempotencyKey: `hold-${reg?.currentHoldId}` },
    );
  });

  it("Stripe's card error is PAYMENT_DECLINED 402 with its message, and nothing is stored", async () => {
    const { event } = await auction(t);
    const user = await stripeBidder(event.id, 'pm_b');
    stripe.paymentIntents.create.mockRejectedValueOnce(
      new Stripe.errors.StripeCardError({ message: 'Your card has insufficient funds.', type: 'card_error' }),
    );
    const res = await register(t, user, event.id);
    expect(res.statusCode).toBe(402);
    expect(res.json().errors[0]).toEqual({ code: 'PAYMENT_DECLINED', message: 'Your card has insufficient funds.' });
    expect(await t.db.select().from(registrations).where(eq(registrations.userId, user.id))).toEqual([]);
  });

  it('a sandbox card cannot hold a deposit while Stripe is the provider', async () => {
    const { event } = await auction(t);
    const user = await stripeBidder(event.id, 'pm_c');
    await t.db.update(paymentMethods).set({ provider: 'sandbox' }).where(eq(paymentMethods.userId, user.id));
    const res = await register(t, user, event.id);
    expect(res.statusCode).toBe(402);
    expect(res.json().errors[0].message).toBe(
      'This card was saved with another payment provider. Add it again to use it.',
    );
  });
});
