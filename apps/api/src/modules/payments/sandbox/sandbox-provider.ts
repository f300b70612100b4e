import { randomUUID } from 'node:crypto';
import type { Database } from '@lotline/db';
import { sandboxCards, sandboxHolds, sandboxRefunds, sandboxSetupSessions } from '@lotline/db/schema';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { AppError } from '../../../lib/errors';
import { formatMoney } from '../../../lib/money';
import {
  type Charge,
  type ChargeRequest,
  type ChargeState,
  type CreatedSetup,
  type Hold,
  type HoldRequest,
  holdConflict,
  type PaymentEvent,
  type PaymentEventSink,
  type PaymentProvider,
  type ProviderRefund,
  paymentDeclined,
  type RefundRequest,
  type SetupResult,
  validateHoldAmount,
} from '../provider';
import { type CardField, type CardInput, checkCard } from './cards';

/** Where the sandbox's own pages live: outside the API's /marketplace-api space (decision 0015). */
export const SANDBOX_PREFIX = '/payments-sandbox';

export type SubmitOutcome =
  | { kind: 'saved'; redirectTo: string }
  | { kind: 'invalid'; errors: Partial<Record<CardField, string>> }
  | { kind: 'declined'; message: string }
  | { kind: 'closed'; redirectTo: string };

type Session = typeof sandboxSetupSessions.$inferSelect;

/**
 * The built-in provider, shaped like Stripe's SetupIntent flow: a setup
 * session, a page of the provider's where the card is typed, a redirect back
 * with `setup_intent` and `redirect_status`, and a result the merchant reads
 * by id. Holds behave like PaymentIntents with manual capture.
 */
export class SandboxPaymentProvider implements PaymentProvider {
  readonly name = 'sandbox' as const;
  private eventSink: PaymentEventSink | undefined;

  constructor(
    private readonly db: Database,
    private readonly publicOrigin: string,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async createSetup(input: { reference: string; returnUrl: string }): Promise<CreatedSetup> {
    const id = `seti_sbx_${randomUUID().replaceAll('-', '')}`;
    await this.db.insert(sandboxSetupSessions).values({ id, reference: input.reference, returnUrl: input.returnUrl });
    return {
      providerSetupId: id,
      customerId: undefined,
      next: { type: 'redirect', url: `${this.publicOrigin}${SANDBOX_PREFIX}/setup/${id}` },
    };
  }

  async retrieveSetup(providerSetupId: string): Promise<SetupResult> {
    const session = await this.session(providerSetupId);
    if (!session) throw AppError.notFound('The payment provider does not know this setup.');
    if (session.status === 'succeeded' && session.cardId) {
      const [card] = await this.db.select().from(sandboxCards).where(eq(sandboxCards.id, session.cardId));
      if (!card) throw new Error(`sandbox card ${session.cardId} missing`);
      const { id, brand, last4, expMonth, expYear } = card;
      return { status: 'succeeded', reference: session.reference, card: { id, brand, last4, expMonth, expYear } };
    }
    if (session.status === 'canceled') {
      return { status: 'failed', reference: session.reference, message: 'Adding the card was cancelled.' };
    }
    return {
      status: 'pending',
      reference: session.reference,
      message: session.lastError ?? 'No card has been entered yet.',
    };
  }

  /**
   * Where the sandbox delivers its payment events, as Stripe posts them to the
   * webhook (decision 0044): the same objects to the same handler, in process.
   */
  deliverEventsTo(sink: PaymentEventSink): void {
    this.eventSink = sink;
  }

  private async deliver(type: string, object: PaymentEvent['data']['object']): Promise<void> {
    await this.eventSink?.({ id: `evt_sbx_${randomUUID().replaceAll('-', '')}`, type, data: { object } });
  }

  async detachPaymentMethod(paymentMethodId: string): Promise<void> {
    await this.db
      .update(sandboxCards)
      .set({ detachedAt: this.now() })
      .where(and(eq(sandboxCards.id, paymentMethodId), isNull(sandboxCards.detachedAt)));
  }

  async authorizeHold(request: HoldRequest): Promise<Hold> {
    validateHoldAmount(request.amount, request.currency);
    const [card] = await this.db.select().from(sandboxCards).where(eq(sandboxCards.id, request.paymentMethodId));
    if (!card || card.detachedAt) throw AppError.notFound('The payment provider does not know this card.');
    if (card.behaviour === 'decline-charges') throw paymentDeclined('Your card was declined.');
    // Idempotent on the reference, as Stripe is on its idempotency key: a retry answers the hold already placed.
    const [placed] = await this.db
      .select()
      .from(sandboxHolds)
      .where(and(eq(sandboxHolds.reference, request.reference), eq(sandboxHolds.cardId, card.id)));
    if (placed) return toHold(placed);
    const [row] = await this.db
      .insert(sandboxHolds)
      .values({
        id: `pi_sbx_${randomUUID().replaceAll('-', '')}`,
        cardId: card.id,
        amount: request.amount,
        currency: request.currency,
        reference: request.reference,
      })
      .returning();
    if (!row) throw new Error('sandbox hold insert returned nothing');
    return toHold(row);
  }

  /** A PaymentIntent with automatic capture: stored as a hold already captured in full. */
  async charge(request: ChargeRequest): Promise<Charge> {
    validateHoldAmount(request.amount, request.currency);
    const [card] = await this.db.select().from(sandboxCards).where(eq(sandboxCards.id, request.paymentMethodId));
    if (!card || card.detachedAt) throw AppError.notFound('The payment provider does not know this card.');
    const metadata = { reference: request.reference };
    if (card.behaviour === 'decline-charges') {
      const message = 'Your card was declined.';
      const id = `pi_sbx_${randomUUID().replaceAll('-', '')}`;
      await this.deliver('payment_intent.payment_failed', {
        id,
        status: 'requires_payment_method',
        metadata,
        amount: request.amount,
        currency: request.currency.toLowerCase(),
        last_payment_error: { message },
      });
      throw paymentDeclined(message);
    }
    const reference = `charge:${request.reference}`;
    const [placed] = await this.db
      .select()
      .from(sandboxHolds)
      .where(and(eq(sandboxHolds.reference, reference), eq(sandboxHolds.cardId, card.id)));
    const row =
      placed ??
      (
        await this.db
          .insert(sandboxHolds)
          .values({
            id: `pi_sbx_${randomUUID().replaceAll('-', '')}`,
            cardId: card.id,
            amount: request.amount,
            currency: request.currency,
            amountCaptured: request.amount,
            status: 'succeeded',
            reference,
          })
          .returning()
      )[0];
    if (!row) throw new Error('sandbox charge insert returned nothing');
    // A new payment only: a retried charge answers the first, and Stripe sends no second event either.
    if (!placed) {
      const { amount, currency } = row;
      await this.deliver('payment_intent.succeeded', {
        id: row.id,
        status: 'succeeded',
        metadata,
        amount,
        currency: currency.toLowerCase(),
      });
    }
    return { id: row.id, status: 'succeeded', amount: row.amount, currency: row.currency };
  }

  /**
   * A charge is a captured `sandbox_holds` row (reference `charge:<ours>`); a declined one is never stored, so
   * the sandbox knows only charges that went through (`succeeded`) and answers null for the rest.
   */
  async retrieveCharge(lookup: { providerPaymentId: string | null; reference: string }): Promise<ChargeState | null> {
    const [row] = await this.db
      .select()
      .from(sandboxHolds)
      .where(
        lookup.providerPaymentId
          ? eq(sandboxHolds.id, lookup.providerPaymentId)
          : eq(sandboxHolds.reference, `charge:${lookup.reference}`),
      );
    if (!row) return null;
    const status = row.status === 'succeeded' ? 'succeeded' : row.status === 'canceled' ? 'failed' : 'processing';
    return { id: row.id, status, amount: row.amount, currency: row.currency };
  }

  async captureHold(holdId: string, amount?: number): Promise<Hold> {
    return this.db.transaction(async (tx) => {
      const [hold] = await tx.select().from(sandboxHolds).where(eq(sandboxHolds.id, holdId)).for('update');
      if (!hold) throw AppError.notFound('The payment provider does not know this hold.');
      if (hold.status !== 'requires_capture') throw holdConflict(`This hold is ${hold.status}; it cannot be captured.`);
      const captured = amount ?? hold.amount;
      if (!Number.isSafeInteger(captured) || captured <= 0 || captured > hold.amount) {
        throw AppError.validation('The amount to capture must be above 0 and at most the amount held.', 'amount');
      }
      const [row] = await tx
        .update(sandboxHolds)
        .set({ status: 'succeeded', amountCaptured: captured, updatedAt: this.now() })
        .where(eq(sandboxHolds.id, holdId))
        .returning();
      if (!row) throw new Error('sandbox hold update returned nothing');
      return toHold(row);
    });
  }

  async cancelHold(holdId: string): Promise<Hold> {
    return this.db.transaction(async (tx) => {
      const [hold] = await tx.select().from(sandboxHolds).where(eq(sandboxHolds.id, holdId)).for('update');
      if (!hold) throw AppError.notFound('The payment provider does not know this hold.');
      if (hold.status !== 'requires_capture')
        throw holdConflict(`This hold is ${hold.status}; it cannot be cancelled.`);
      const [row] = await tx
        .update(sandboxHolds)
        .set({ status: 'canceled', updatedAt: this.now() })
        .where(eq(sandboxHolds.id, holdId))
        .returning();
      if (!row) throw new Error('sandbox hold update returned nothing');
      return toHold(row);
    });
  }

  /**
   * Refunds part of a captured hold or a charge (both are captured `sandbox_holds` rows), never above what is
   * left of it. The hold's row lock comes before the look-up of the reference, so two requests with the same
   * reference at once make one refund and both answer it.
   */
  async refund(request: RefundRequest): Promise<ProviderRefund> {
    validateHoldAmount(request.amount, request.currency);
    return this.db.transaction(async (tx) => {
      const [hold] = await tx
        .select()
        .from(sandboxHolds)
        .where(eq(sandboxHolds.id, request.providerPaymentId))
        .for('update');
      if (!hold) throw AppError.notFound('The payment provider does not know this payment.');
      const [made] = await tx.select().from(sandboxRefunds).where(eq(sandboxRefunds.reference, request.reference));
      if (made) return { id: made.id, status: 'succeeded' as const, amount: made.amount };
      if (hold.status !== 'succeeded') {
        throw holdConflict(`This payment is ${hold.status}; only a captured payment can be refunded.`);
      }
      if (hold.currency !== request.currency) {
        throw holdConflict(`This payment is in ${hold.currency}, not ${request.currency}.`);
      }
      const left = hold.amountCaptured - hold.amountRefunded;
      if (request.amount > left) {
        throw holdConflict(`At most ${formatMoney(left, hold.currency)} of this payment can be refunded.`);
      }
      const id = `re_sbx_${randomUUID().replaceAll('-', '')}`;
      await tx
        .insert(sandboxRefunds)
        .values({ id, holdId: hold.id, amount: request.amount, reference: request.reference });
      await tx
        .update(sandboxHolds)
        .set({ amountRefunded: sql`${sandboxHolds.amountRefunded} + ${request.amount}`, updatedAt: this.now() })
        .where(eq(sandboxHolds.id, hold.id));
      return { id, status: 'succeeded' as const, amount: request.amount };
    });
  }

  // ---- The provider page's side ----

  async session(id: string): Promise<Session | undefined> {
    const [row] = await this.db.select().from(sandboxSetupSessions).where(eq(sandboxSetupSessions.id, id));
    return row;
  }

  /** The card typed on the page: checked, then stored (without its number) or refused. */
  async submitCard(session: Session, input: CardInput): Promise<SubmitOutcome> {
    if (session.status !== 'requires_payment_method') return { kind: 'closed', redirectTo: returnTo(session) };
    const check = checkCard(input, this.now());
    if (!check.ok && 'errors' in check) return { kind: 'invalid', errors: check.errors };
    if (!check.ok) {
      await this.db
        .update(sandboxSetupSessions)
        .set({ lastError: check.declined, updatedAt: this.now() })
        .where(eq(sandboxSetupSessions.id, session.id));
      return { kind: 'declined', message: check.declined };
    }
    const cardId = `pm_sbx_${randomUUID().replaceAll('-', '')}`;
    await this.db.transaction(async (tx) => {
      await tx.insert(sandboxCards).values({ id: cardId, ...check.card });
      await tx
        .update(sandboxSetupSessions)
        .set({ status: 'succeeded', cardId, lastError: null, updatedAt: this.now() })
        .where(eq(sandboxSetupSessions.id, session.id));
    });
    return { kind: 'saved', redirectTo: returnTo({ ...session, status: 'succeeded' }) };
  }

  /** "Cancel" on the page: the session ends and the browser goes back. */
  async cancelSetup(session: Session): Promise<string> {
    if (session.status === 'requires_payment_method') {
      await this.db
        .update(sandboxSetupSessions)
        .set({ status: 'canceled', updatedAt: this.now() })
        .where(eq(sandboxSetupSessions.id, session.id));
      return returnTo({ ...session, status: 'canceled' });
    }
    return returnTo(session);
  }
}

/** The return URL with Stripe's parameters: `setup_intent` and `redirect_status`. */
function returnTo(session: Pick<Session, 'id' | 'returnUrl' | 'status'>): string {
  const url = new URL(session.returnUrl);
  url.searchParams.set('setup_intent', session.id);
  url.searchParams.set('redirect_status', session.status === 'succeeded' ? 'succeeded' : 'failed');
  return url.toString();
}

function toHold(row: typeof sandboxHolds.$inferSelect): Hold {
  return {
    id: row.id,
    status: row.status,
    amount: row.amount,
    amountCaptured: row.amountCaptured,
    currency: row.currency,
  };
}
