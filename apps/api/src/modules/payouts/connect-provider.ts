import { AppError } from '../../lib/errors';

/**
 * The provider that holds a seller's connected account (decision 0090), beside the payout port that transfers to
 * it (`payout-provider.ts`). Stripe Connect (an Express account onboarded on Stripe's own pages) when Stripe is
 * configured, else the embedded sandbox, which plays the same flow on a page of its own and moves no money. Like
 * `payments/`, the port and its adapters import no other module; the use-cases around them do.
 */

/** What the provider says of a connected account. */
export interface ConnectedAccount {
  /** `acct_…` (the sandbox's are `acct_sbx…`). */
  id: string;
  detailsSubmitted: boolean;
  chargesEnabled: boolean;
  payoutsEnabled: boolean;
}

export interface CreateAccountRequest {
  /** Ours: the company id, kept with the account at the provider. */
  reference: string;
  /** ISO 3166-1 alpha-2 of the company, when known (Stripe otherwise takes the platform's). */
  country: string | null;
  /** Asking again with the same key answers the account already made, never a second one. */
  idempotencyKey: string;
}

export interface OnboardingLinkRequest {
  accountId: string;
  /** Where the provider sends the browser back once the person finishes or leaves. */
  returnUrl: string;
  /** Where it sends the browser when the link expired or was used: a page that asks for a new one. */
  refreshUrl: string;
}

export interface ConnectProvider {
  readonly name: 'stripe' | 'sandbox';
  createAccount(request: CreateAccountRequest): Promise<ConnectedAccount>;
  /** A single-use, short-lived URL of the provider's onboarding. Never stored or logged. */
  createOnboardingLink(request: OnboardingLinkRequest): Promise<string>;
  /** The account's state now; an account the provider does not know is a `connectRefused` AppError. */
  retrieveAccount(accountId: string): Promise<ConnectedAccount>;
}

export const CONNECT_REFUSED = 'PAYOUT_ACCOUNT_REFUSED';

/** The provider refused the request (an unknown account, a country it cannot onboard): 409 with its reason. */
export function connectRefused(message: string, cause?: unknown): AppError {
  return new AppError(CONNECT_REFUSED, `The payment provider refused: ${message}`, {
    status: 409,
    ...(cause === undefined ? {} : { cause }),
  });
}
