import type { PaymentSetupNext } from '@lotline/contracts';
import type { Executor } from '@lotline/db';
import { AppError } from '../../lib/errors';

/**
 * The payment provider behind saved cards and deposit holds (decision 0015).
 * Two implementations: the built-in sandbox (default) and Stripe (when its
 * keys are configured). Our API never sees a card number: the provider
 * collects it on its own page (sandbox) or in its own fields (Stripe
 * Elements) and tells us only the saved card's id, brand, last4 and expiry.
 */

export interface SavedCard {
  /** The provider's payment-method id (`pm_…`). */
  id: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

export interface CreatedSetup {
  /** The provider's setup id (sandbox session or Stripe SetupIntent, `seti_…`). */
  providerSetupId: string;
  /** The provider's customer the card will belong to (Stripe), to remember for the next setup. */
  customerId: string | undefined;
  next: PaymentSetupNext;
}

export type SetupResult =
  | { status: 'succeeded'; reference: string; card: SavedCard }
  | { status: 'pending' | 'failed'; reference: string; message: string };

export type HoldStatus = 'requires_capture' | 'succeeded' | 'canceled';

/** An authorisation for an amount (manual capture): the bid deposit of a later slice. */
export interface Hold {
  id: string;
  status: HoldStatus;
  /** Minor units. */
  amount: number;
  amountCaptured: number;
  /** ISO 4217, upper case. */
  currency: string;
}

export interface HoldRequest {
  paymentMethodId: string;
  customerId: string | undefined;
  amount: number;
  currency: string;
  /**
   * Ours, e.g. the deposit hold's id; kept with the hold at the provider. Also
   * the idempotency key of the authorisation: asking again with the same
   * reference answers the hold already placed instead of placing a second one
   * (decision 0037: a retry after a crash never doubles a hold).
   */
  reference: string;
}

/** A payment taken at once from a saved card, off-session (an order's charge, issue 15). */
export interface ChargeRequest {
  paymentMethodId: string;
  customerId: string | undefined;
  /** Minor units. */
  amount: number;
  /** ISO 4217, upper case. */
  currency: string;
  /** Ours: the order payment's id. Also the idempotency key: asking again answers the same payment. */
  reference: string;
  /** Shown on the buyer's statement and the provider's dashboard, e.g. "Lotline order LL-100042". */
  description: string;
}

/**
 * The provider's payment (a Stripe PaymentIntent with automatic capture).
 * `processing`: not decided yet; its webhook event tells the outcome.
 */
export interface Charge {
  id: string;
  status: 'succeeded' | 'processing';
  amount: number;
  currency: string;
}

/**
 * What the provider says of a charge now (`retrieveCharge`): `failed` covers refused and cancelled (nothing was
 * taken). Asked for an attempt our records left `processing` past its deadline (issue 26).
 */
export interface ChargeState {
  id: string;
  status: 'succeeded' | 'processing' | 'failed';
  amount: number;
  /** ISO 4217, upper case. */
  currency: string;
  /** Why it failed, as the provider says it. */
  failureMessage?: string;
}

/**
 * Giving back (part of) a payment the provider took: a charge, or a captured hold. `reference` is ours (the
 * refund part's id) and the idempotency key: asking again answers the refund already made, never a second.
 */
export interface RefundRequest {
  /** The provider's payment: a charge's or a captured hold's id (`pi_…`). */
  providerPaymentId: string;
  /** Minor units, at most what is left of the payment. */
  amount: number;
  /** ISO 4217, upper case: the payment's. */
  currency: string;
  reference: string;
}

/** The provider's refund. `pending`: not decided yet (Stripe tells the outcome by a `refund.updated` event). */
export interface ProviderRefund {
  id: string;
  status: 'succeeded' | 'pending' | 'failed';
  amount: number;
  /** Why a `failed` refund failed, as the provider says it. */
  failureMessage?: string;
}

/**
 * What must follow a change to a user's saved cards in the same transaction: the account's `verified` flag
 * (spec §4: a verified user has a card). The app hands over `recomputeVerified`; payments imports no module.
 */
export type AfterCardsChange = (tx: Executor, userId: string) => Promise<unknown>;

export interface PaymentProvider {
  readonly name: 'sandbox' | 'stripe';
  /** Starts saving a card for later, off-session use; `reference` is our user id. */
  createSetup(input: { reference: string; customerId: string | undefined; returnUrl: string }): Promise<CreatedSetup>;
  /** Asks the provider how a setup ended. */
  retrieveSetup(providerSetupId: string): Promise<SetupResult>;
  /** Forgets a saved card at the provider (after the person removed it). */
  detachPaymentMethod(paymentMethodId: string): Promise<void>;
  /**
   * Places a hold (authorisation, manual capture); a refusal is a PAYMENT_DECLINED AppError.
   * Idempotent on `request.reference`. Renewing a hold is placing a new one (then cancelling the old).
   */
  authorizeHold(request: HoldRequest): Promise<Hold>;
  /** Captures a hold, in full or `amount` of it. */
  captureHold(holdId: string, amount?: number): Promise<Hold>;
  /** Releases a hold. */
  cancelHold(holdId: string): Promise<Hold>;
  /**
   * Charges a saved card off-session; a refusal (or a card that needs the
   * person present) is a PAYMENT_DECLINED AppError. Idempotent on `reference`.
   */
  charge(request: ChargeRequest): Promise<Charge>;
  /**
   * Refunds (part of) a captured payment; a refusal (more than is left, a payment that cannot be refunded) is
   * an AppError whose message says why. Idempotent on `request.reference`.
   */
  refund(request: RefundRequest): Promise<ProviderRefund>;
  /**
   * Asks the provider how a charge stands: by its id when we know it, else by our `reference` (the order
   * payment's id). Null when the provider has no such charge (the request never reached it).
   */
  retrieveCharge(lookup: { providerPaymentId: string | null; reference: string }): Promise<ChargeState | null>;
}

export function paymentDeclined(message: string): AppError {
  return new AppError('PAYMENT_DECLINED', message, { status: 402 });
}

/** A hold id the provider does not know, or one in a state that cannot take the operation. */
export function holdConflict(message: string): AppError {
  return new AppError('CONFLICT', message);
}

export function validateHoldAmount(amount: number, currency: string): void {
  if (!Number.isSafeInteger(amount) || amount <= 0) {
    throw AppError.validation('The amount must be a whole number of minor units above 0.', 'amount');
  }
  if (!/^[A-Z]{3}$/.test(currency)) throw AppError.validation('The currency must be an ISO 4217 code.', 'currency');
}

/**
 * A provider's event about a payment, in Stripe's shape (`payment_intent.succeeded`,
 * `payment_intent.payment_failed`). Stripe posts it to the webhook; the sandbox
 * hands the same object to the same handler when it charges (decision 0044).
 */
export interface PaymentEvent {
  id: string;
  type: string;
  data: {
    object: {
      id: string;
      status?: string;
      metadata?: { reference?: string } | null;
      /** A PaymentIntent's: minor units, and its currency (Stripe writes it lower case). */
      amount?: number;
      currency?: string;
      last_payment_error?: { message?: string | null } | null;
      /** A refund's (`refund.updated`, `refund.failed`): why it failed. */
      failure_reason?: string | null;
    };
  };
}

/** Where a provider's events go: the one handler (`handlePaymentEvent`). */
export type PaymentEventSink = (event: PaymentEvent) => Promise<void>;

/**
 * What became of a provider's event: acted on, seen before (a repeated delivery), about nothing to act on, or
 * refused and kept for staff (`flagged`: it does not match its payment attempt, names none, or is a success for
 * an attempt already failed; decision 0071).
 * The orders module handles events (`orders/payment/payment-events.ts`); the composition root hands its handler
 * to the provider and the webhook, so this module imports no other.
 */
export type PaymentEventOutcome = 'recorded' | 'duplicate' | 'ignored' | 'flagged';
export type PaymentEventHandler = (provider: 'sandbox' | 'stripe', event: PaymentEvent) => Promise<PaymentEventOutcome>;
