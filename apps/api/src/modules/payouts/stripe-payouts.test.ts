import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { createPayoutProvider } from './create-payout-provider';
import { PAYOUT_REFUSED } from './payout-provider';
import { StripePayoutProvider } from './stripe-payouts';
import { fakeTransfers } from './test-payouts';

/** The Stripe Connect payout adapter (decision 0079) against a stand-in client. */

const request = {
  amount: 91_500,
  currency: 'USD',
  destination: 'acct_1MTfjCQ9PRzxEwkZ',
  transferGroup: 'LL-100042',
  reference: 'po_1',
};

describe('Stripe Connect payouts', () => {
  it('create one transfer to the connected account, grouped with the order, under the payout id as idempotency key', async () => {
    const { create, provider } = fakeTransfers();
    const first = await provider.transfer(request);
    const again = await provider.transfer(request);
    expect(first).toEqual({ id: 'tr_1', amount: 91_500, currency: 'USD' });
    expect(again.id).toBe('tr_1');
    expect(create).toHaveBeenCalledWith(
      {
        amount: 91_500,
        currency: 'usd',
        destination: 'acct_1MTfjCQ9PRzxEwkZ',
        transfer_group: 'LL-100042',
        metadata: { reference: 'po_1' },
      },
      { idempotencyKey: 'payout-po_1' },
    );
  });

  it("turn Stripe's refusal into PAYOUT_REFUSED with its reason, and leave an outage as it is (to retry)", async () => {
    const { create, provider } = fakeTransfers();
    create.mockRejectedValueOnce(
      new Stripe.errors.StripeInvalidRequestError({
        message: 'You have insufficient funds in your Stripe account.',
        type: 'invalid_request_error',
      }),
    );
    await expect(provider.transfer(request)).rejects.toMatchObject({
      code: PAYOUT_REFUSED,
      status: 409,
      message: 'The transfer was refused: You have insufficient funds in your Stripe account.',
    });
    const outage = new Stripe.errors.StripeConnectionError({ message: 'socket hang up', type: 'api_error' });
    create.mockRejectedValueOnce(outage);
    await expect(provider.transfer(request)).rejects.toBe(outage);
  });

  it('refuse a bad amount, currency or destination before calling Stripe', async () => {
    const { create, provider } = fakeTransfers();
    for (const bad of [{ amount: 0 }, { amount: 1.5 }, { currency: 'usd' }, { destination: 'ba_123' }]) {
      await expect(provider.transfer({ ...request, ...bad })).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    }
    expect(create).not.toHaveBeenCalled();
  });

  it('are the provider only when the payments run on Stripe (the sandbox moves no real money)', () => {
    const stripe = { secretKey: 'sk_test_x', publishableKey: 'pk_test_x' };
    expect(createPayoutProvider({ paymentsProvider: 'stripe', stripe })).toBeInstanceOf(StripePayoutProvider);
    expect(createPayoutProvider({ paymentsProvider: 'sandbox', stripe })).toBeNull();
    expect(createPayoutProvider({ paymentsProvider: 'sandbox', stripe: undefined })).toBeNull();
  });
});
