import Stripe from 'stripe';
import {
  type PayoutProvider,
  payoutRefused,
  type Transfer,
  type TransferRequest,
  validateTransfer,
} from './payout-provider';

/**
 * Stripe Connect payouts (decision 0079): "separate charges and transfers": the buyer's charge lands in the
 * marketplace's balance (`payments/`), and the seller's net goes to their connected account by a transfer,
 * grouped with the order (`transfer_group`). The client is injected, typed by the one call we make, so the
 * tests drive the adapter with a stand-in (this machine cannot reach Stripe).
 */

export interface StripeTransfer {
  id: string;
  amount: number;
  currency: string;
}

export interface StripeTransferClient {
  transfers: {
    create(
      params: {
        amount: number;
        currency: string;
        destination: string;
        transfer_group: string;
        metadata: Record<string, string>;
      },
      options: { idempotencyKey: string },
    ): Promise<StripeTransfer>;
  };
}

export function createStripeTransferClient(secretKey: string): StripeTransferClient {
  return new Stripe(secretKey, { maxNetworkRetries: 2, timeout: 20_000 });
}

export class StripePayoutProvider implements PayoutProvider {
  readonly name = 'stripe' as const;

  constructor(private readonly stripe: StripeTransferClient) {}

  async transfer(request: TransferRequest): Promise<Transfer> {
    validateTransfer(request);
    try {
      const transfer = await this.stripe.transfers.create(
        {
          amount: request.amount,
          currency: request.currency.toLowerCase(),
          destination: request.destination,
          transfer_group: request.transferGroup,
          metadata: { reference: request.reference },
        },
        // Stripe answers a repeated key (24 h) with the first transfer: a retried payout never pays twice.
        { idempotencyKey: `payout-${request.reference}` },
      );
      return { id: transfer.id, amount: transfer.amount, currency: transfer.currency.toUpperCase() };
    } catch (err) {
      // A request Stripe understood and refused (insufficient balance, an unknown or restricted account) moved
      // nothing; anything else (network, Stripe's own errors) leaves the outcome open, to ask again.
      if (
        err instanceof Stripe.errors.StripeInvalidRequestError ||
        err instanceof Stripe.errors.StripePermissionError
      ) {
        throw payoutRefused(err.message, err);
      }
      throw err;
    }
  }
}
