import Stripe from 'stripe';
import { AppError } from '../../lib/errors';
import {
  type Charge,
  type ChargeRequest,
  type ChargeState,
  type CreatedSetup,
  type Hold,
  type HoldRequest,
  type HoldStatus,
  type PaymentProvider,
  type ProviderRefund,
  paymentDeclined,
  type RefundRequest,
  type SetupResult,
  validateHoldAmount,
} from './provider';
import { retrieveStripeCharge } from './stripe-charge-state';

/**
 * Stripe (decision 0015), used when STRIPE_SECRET_KEY and
 * STRIPE_PUBLISHABLE_KEY are set. Cards: a SetupIntent for off-session use,
 * confirmed in the browser with Stripe Elements; the API then reads the
 * SetupIntent's payment method. Holds: PaymentIntents with manual capture.
 *
 * The client is injected, typed by the few calls we make, so the unit tests
 * drive the adapter with a stand-in (this machine cannot reach Stripe).
 */

interface StripeCard {
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
}
interface StripePaymentMethod {
  id: string;
  card?: StripeCard | null | undefined;
}
interface StripeSetupIntent {
  id: string;
  status: string;
  client_secret: string | null;
  metadata: Record<string, string> | null;
  payment_method: string | StripePaymentMethod | null;
  last_setup_error?: { message?: string | undefined } | null | undefined;
}
export interface StripePaymentIntent {
  id: string;
  status: string;
  amount: number;
  amount_received: number;
  currency: string;
  last_payment_error?: { message?: string | undefined } | null | undefined;
}

interface StripeRefund {
  id: string;
  /** pending, requires_action, succeeded, failed or canceled. */
  status: string | null;
  amount: number;
  failure_reason?: string | undefined;
}

export interface StripeClient {
  customers: { create(params: { metadata: Record<string, string> }): Promise<{ id: string }> };
  setupIntents: {
    create(params: {
      customer: string;
      usage: 'off_session';
      payment_method_types: string[];
      metadata: Record<string, string>;
    }): Promise<StripeSetupIntent>;
    retrieve(id: string, params: { expand: string[] }): Promise<StripeSetupIntent>;
  };
  paymentMethods: { detach(id: string): Promise<unknown> };
  paymentIntents: {
    create(
      params: {
        amount: number;
        currency: string;
        customer?: string;
        payment_method: string;
        /** Manual for deposit holds; absent (automatic) for an order's charge. */
        capture_method?: 'manual';
        confirm: true;
        off_session: true;
        description?: string;
        metadata: Record<string, string>;
      },
      options: { idempotencyKey: string },
    ): Promise<StripePaymentIntent>;
    capture(id: string, params?: { amount_to_capture?: number }): Promise<StripePaymentIntent>;
    cancel(id: string): Promise<StripePaymentIntent>;
    retrieve(id: string): Promise<StripePaymentIntent>;
    search(params: { query: string; limit?: number }): Promise<{ data: StripePaymentIntent[] }>;
  };
  refunds: {
    create(
      params: { payment_intent: string; amount: number; metadata: Record<string, string> },
      options: { idempotencyKey: string },
    ): Promise<StripeRefund>;
  };
}

export interface StripeKeys {
  secretKey: string;
  publishableKey: string;
}

export function createStripeClient(secretKey: string): StripeClient {
  return new Stripe(secretKey, { maxNetworkRetries: 2, timeout: 20_000 });
}

export class StripePaymentProvider implements PaymentProvider {
  readonly name = 'stripe' as const;

  constructor(
    private readonly stripe: StripeClient,
    private readonly publishableKey: string,
  ) {}

  async createSetup(input: {
    reference: string;
    customerId: string | undefined;
    returnUrl: string;
  }): Promise<CreatedSetup> {
    const customerId =
      input.customerId ?? (await this.stripe.customers.create({ metadata: { userId: input.reference } })).id;
    const intent = await this.stripe.setupIntents.create({
      customer: customerId,
      usage: 'off_session',
      payment_method_types: ['card'],
      metadata: { userId: input.reference },
    });
    if (!intent.client_secret) throw new Error(`Stripe SetupIntent ${intent.id} came without a client secret`);
    return {
      providerSetupId: intent.id,
      customerId,
      next: {
        type: 'stripe',
        clientSecret: intent.client_secret,
        publishableKey: this.publishableKey,
        returnUrl: input.returnUrl,
      },
    };
  }

  async retrieveSetup(providerSetupId: string): Promise<SetupResult> {
    const intent = await this.stripe.setupIntents.retrieve(providerSetupId, { expand: ['payment_method'] });
    const reference = intent.metadata?.userId ?? '';
    if (intent.status === 'succeeded') {
      const pm = intent.payment_method;
      if (!pm || typeof pm === 'string' || !pm.card) {
        return { status: 'failed', reference, message: 'The saved payment method is not a card.' };
      }
      const { brand, last4, exp_month, exp_year } = pm.card;
      return {
        status: 'succeeded',
        reference,
        card: { id: pm.id, brand, last4, expMonth: exp_month, expYear: exp_year },
      };
    }
    const message = intent.last_setup_error?.message ?? 'The card has not been confirmed yet.';
    return { status: intent.status === 'canceled' ? 'failed' : 'pending', reference, message };
  }

  async detachPaymentMethod(paymentMethodId: string): Promise<void> {
    await this.stripe.paymentMethods.detach(paymentMethodId);
  }

  async authorizeHold(request: HoldRequest): Promise<Hold> {
    validateHoldAmount(request.amount, request.currency);
    try {
      const intent = await this.stripe.paymentIntents.create(
        {
          amount: request.amount,
          currency: request.currency.toLowerCase(),
          ...(request.customerId ? { customer: request.customerId } : {}),
          payment_method: request.paymentMethodId,
          capture_method: 'manual',
          confirm: true,
          off_session: true,
          metadata: { reference: request.reference },
        },
        // Stripe answers a repeated key (24 h) with the first PaymentIntent: a retried hold is never doubled.
        { idempotencyKey: `hold-${request.reference}` },
      );
      if (intent.status !== 'requires_capture') {
        throw paymentDeclined(intent.last_payment_error?.message ?? 'Your card was declined.');
      }
      return toHold(intent);
    } catch (err) {
      throw asAppError(err);
    }
  }

  async charge(request: ChargeRequest): Promise<Charge> {
    validateHoldAmount(request.amount, request.currency);
    try {
      const intent = await this.stripe.paymentIntents.create(
        {
          amount: request.amount,
          currency: request.currency.toLowerCase(),
          ...(request.customerId ? { customer: request.customerId } : {}),
          payment_method: request.paymentMethodId,
          confirm: true,
          off_session: true,
          description: request.description,
          metadata: { reference: request.reference },
        },
        // A retried charge (same order payment) answers the first PaymentIntent: never charged twice.
        { idempotencyKey: `charge-${request.reference}` },
      );
      if (intent.status === 'succeeded' || intent.status === 'processing') {
        return { id: intent.id, status: intent.status, amount: intent.amount, currency: intent.currency.toUpperCase() };
      }
      throw paymentDeclined(
        intent.status === 'requires_action'
          ? 'Your bank asks you to confirm this payment. Pay with another card, or pay by wire transfer.'
          : (intent.last_payment_error?.message ?? 'Your card was declined.'),
      );
    } catch (err) {
      throw asAppError(err);
    }
  }

  async refund(request: RefundRequest): Promise<ProviderRefund> {
    validateHoldAmount(request.amount, request.currency);
    try {
      const refund = await this.stripe.refunds.create(
        {
          payment_intent: request.providerPaymentId,
          amount: request.amount,
          metadata: { reference: request.reference },
        },
        // A retried refund part answers the first Refund: never given back twice.
        { idempotencyKey: `refund-${request.reference}` },
      );
      return toRefund(refund);
    } catch (err) {
      throw asAppError(err);
    }
  }

  async retrieveCharge(lookup: { providerPaymentId: string | null; reference: string }): Promise<ChargeState | null> {
    try {
      return await retrieveStripeCharge(this.stripe, lookup);
    } catch (err) {
      throw asAppError(err);
    }
  }

  async captureHold(holdId: string, amount?: number): Promise<Hold> {
    try {
      return toHold(
        await this.stripe.paymentIntents.capture(holdId, amount === undefined ? {} : { amount_to_capture: amount }),
      );
    } catch (err) {
      throw asAppError(err);
    }
  }

  async cancelHold(holdId: string): Promise<Hold> {
    try {
      return toHold(await this.stripe.paymentIntents.cancel(holdId));
    } catch (err) {
      throw asAppError(err);
    }
  }
}

/** Card refusals are the person's to fix (402); a bad request about a hold is a conflict; the rest is ours. */
function asAppError(err: unknown): unknown {
  if (err instanceof AppError) return err;
  if (err instanceof Stripe.errors.StripeCardError) return paymentDeclined(err.message);
  if (err instanceof Stripe.errors.StripeInvalidRequestError) {
    return new AppError('CONFLICT', `The payment provider refused the request: ${err.message}`, { cause: err });
  }
  return err;
}

/** Stripe's refund statuses in ours: `requires_action` waits like `pending`; `canceled` is a failure. */
export function toRefund(refund: StripeRefund): ProviderRefund {
  if (refund.status === 'succeeded') return { id: refund.id, status: 'succeeded', amount: refund.amount };
  if (refund.status === 'failed' || refund.status === 'canceled') {
    return {
      id: refund.id,
      status: 'failed',
      amount: refund.amount,
      failureMessage: refundFailure(refund.failure_reason),
    };
  }
  return { id: refund.id, status: 'pending', amount: refund.amount };
}

/** Stripe's `failure_reason` as a sentence for the seller. */
export function refundFailure(reason: string | null | undefined): string {
  const why: Record<string, string> = {
    lost_or_stolen_card: 'the card was reported lost or stolen',
    expired_or_canceled_card: 'the card has expired or was cancelled',
    declined: 'the card issuer declined it',
    insufficient_funds: 'the account has insufficient funds',
  };
  const text = reason ? why[reason] : undefined;
  return text ? `The refund failed: ${text}.` : 'The payment provider could not complete the refund.';
}

function toHold(intent: StripePaymentIntent): Hold {
  const status: HoldStatus =
    intent.status === 'succeeded' ? 'succeeded' : intent.status === 'canceled' ? 'canceled' : 'requires_capture';
  return {
    id: intent.id,
    status,
    amount: intent.amount,
    amountCaptured: intent.amount_received,
    currency: intent.currency.toUpperCase(),
  };
}
