import Stripe from 'stripe';
import {
  type ConnectedAccount,
  type ConnectProvider,
  type CreateAccountRequest,
  connectRefused,
  type OnboardingLinkRequest,
} from './connect-provider';

/**
 * Stripe Connect accounts (decision 0090): an Express account with the `transfers` capability (the marketplace
 * charges the buyer and transfers the seller's net: "separate charges and transfers", decision 0079), onboarded
 * through an Account Link of type `account_onboarding`. The client is injected, typed by the calls we make, so the
 * tests drive the adapter with a stand-in (this machine cannot reach Stripe).
 */

export interface StripeAccount {
  id: string;
  details_submitted?: boolean;
  charges_enabled?: boolean;
  payouts_enabled?: boolean;
}

export interface StripeConnectClient {
  accounts: {
    create(
      params: {
        type: 'express';
        country?: string;
        capabilities: { transfers: { requested: true } };
        metadata: Record<string, string>;
      },
      options: { idempotencyKey: string },
    ): Promise<StripeAccount>;
    retrieve(id: string): Promise<StripeAccount>;
  };
  accountLinks: {
    create(params: {
      account: string;
      type: 'account_onboarding';
      return_url: string;
      refresh_url: string;
    }): Promise<{ url: string }>;
  };
}

export function createStripeConnectClient(secretKey: string): StripeConnectClient {
  return new Stripe(secretKey, { maxNetworkRetries: 2, timeout: 20_000 });
}

const state = (account: StripeAccount): ConnectedAccount => ({
  id: account.id,
  detailsSubmitted: account.details_submitted === true,
  chargesEnabled: account.charges_enabled === true,
  payoutsEnabled: account.payouts_enabled === true,
});

/** A request Stripe understood and refused changed nothing; anything else (an outage) is thrown as it is. */
async function refusalsAsAppErrors<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof Stripe.errors.StripeInvalidRequestError || err instanceof Stripe.errors.StripePermissionError) {
      throw connectRefused(err.message, err);
    }
    throw err;
  }
}

export class StripeConnectProvider implements ConnectProvider {
  readonly name = 'stripe' as const;

  constructor(private readonly stripe: StripeConnectClient) {}

  createAccount(request: CreateAccountRequest): Promise<ConnectedAccount> {
    return refusalsAsAppErrors(async () =>
      state(
        await this.stripe.accounts.create(
          {
            type: 'express',
            ...(request.country ? { country: request.country } : {}),
            capabilities: { transfers: { requested: true } },
            metadata: { reference: request.reference },
          },
          // Two clicks at once (or a retry) answer the same account for 24 hours.
          { idempotencyKey: request.idempotencyKey },
        ),
      ),
    );
  }

  createOnboardingLink(request: OnboardingLinkRequest): Promise<string> {
    return refusalsAsAppErrors(async () => {
      const link = await this.stripe.accountLinks.create({
        account: request.accountId,
        type: 'account_onboarding',
        return_url: request.returnUrl,
        refresh_url: request.refreshUrl,
      });
      return link.url;
    });
  }

  retrieveAccount(accountId: string): Promise<ConnectedAccount> {
    return refusalsAsAppErrors(async () => state(await this.stripe.accounts.retrieve(accountId)));
  }
}
