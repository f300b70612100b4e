import { vi } from 'vitest';
import type { StripeClient } from './stripe-provider';

/**
 * A stand-in for the Stripe client (Stripe cannot be reached from here;
 * decision 0015): canned answers, and spies to check the calls made.
 */
export function fakeStripe() {
  const intent = (over: Record<string, unknown> = {}) => ({
    id: 'pi_1',
    status: 'requires_capture',
    amount: 50_000,
    amount_received: 0,
    currency: 'usd',
    ...over,
  });
  const client = {
    customers: { create: vi.fn(async () => ({ id: 'cus_1' })) },
    setupIntents: {
      create: vi.fn(async () => ({
        id: 'seti_1',
        status: 'requires_payment_method',
        client_secret: 'seti_1_secret_x',
        metadata: { userId: 'usr_1' },
        payment_method: null,
      })),
      retrieve: vi.fn<StripeClient['setupIntents']['retrieve']>(async () => ({
        id: 'seti_1',
        status: 'succeeded',
        client_secret: 'seti_1_secret_x',
        metadata: { userId: 'usr_1' },
        payment_method: { id: 'pm_1', card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2034 } },
      })),
    },
    paymentMethods: { detach: vi.fn(async () => ({})) },
    paymentIntents: {
      create: vi.fn<StripeClient['paymentIntents']['create']>(async () => intent()),
      capture: vi.fn(async () => intent({ status: 'succeeded', amount_received: 50_000 })),
      cancel: vi.fn(async () => intent({ status: 'canceled' })),
      retrieve: vi.fn<StripeClient['paymentIntents']['retrieve']>(async () => intent({ status: 'succeeded' })),
      search: vi.fn<StripeClient['paymentIntents']['search']>(async () => ({ data: [] })),
    },
    refunds: {
      create: vi.fn<StripeClient['refunds']['create']>(async (params) => ({
        id: 're_1',
        status: 'succeeded',
        amount: params.amount,
      })),
    },
  } satisfies StripeClient;
  return client;
}
