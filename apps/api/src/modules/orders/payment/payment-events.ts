import type { Database, Executor } from '@lotline/db';
import { paymentWebhookEvents } from '@lotline/db/schema';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { PaymentEvent, PaymentEventHandler, PaymentEventOutcome, PaymentProvider } from '../../payments/provider';
import { refundFailure } from '../../payments/stripe-provider';
import { type PartOutcome, recordRefundPart } from '../refund-order';
import { bindPaymentEvent } from './bind-payment-event';
import { recordChargeSucceeded, recordFailure } from './charge-order';
import { type LateSuccess, refundLateSuccess } from './late-success';
import type { PaymentMailDeps } from './notify-payment';
import { recordPaymentAlert } from './payment-alerts';

export type EventOutcome = PaymentEventOutcome;

export interface PaymentEventDeps {
  db: Database;
  mail?: PaymentMailDeps;
  /** Where a refused event is logged (error level). */
  log?: FastifyBaseLogger;
  /** The provider a late success is refunded through; built after the handler, hence a getter. */
  refundsThrough?: () => PaymentProvider | undefined;
}

const DEFAULT_DECLINE = 'Your card was declined.';
const PAYMENT_EVENTS = new Set(['payment_intent.succeeded', 'payment_intent.payment_failed']);
const REFUND_EVENTS = new Set(['refund.updated', 'refund.failed']);

/** A refund object's status as a part's outcome: still `pending` until it succeeded, failed or was cancelled. */
function refundEventOutcome(object: PaymentEvent['data']['object']): PartOutcome {
  if (object.status === 'succeeded') return { status: 'succeeded', providerRefundId: object.id };
  if (object.status === 'failed' || object.status === 'canceled') {
    return { status: 'failed', providerRefundId: object.id, message: refundFailure(object.failure_reason) };
  }
  return { status: 'pending', providerRefundId: object.id };
}

/** `handlePaymentEvent` as the provider and the webhook take it (`PaymentEventHandler`). */
export const paymentEventHandler =
  (deps: PaymentEventDeps & { log: FastifyBaseLogger }): PaymentEventHandler =>
  (provider, event) =>
    handlePaymentEvent(deps, provider, event);

/**
 * The one handler of a provider's payment events (decisions 0044, 0071): Stripe's verified webhook and the
 * sandbox's in-process delivery both call it. In one transaction it records the event id (a repeated delivery
 * is a duplicate and changes nothing) and applies it to the card charge it is bound to (`bindPaymentEvent`:
 * reference, provider's payment id, amount and currency): succeeded → the order is paid; payment_failed → the
 * attempt fails and the order keeps the message. Both are guarded on the attempt still `processing`, so
 * whichever of the event and the charging request comes first decides, once. An event that does not bind (a
 * mismatch, an orphan) changes nothing: it is logged at error level and kept as a staff alert (`flagged`). A
 * success for an attempt already failed changes no order either: alerted, then refunded after the commit. A
 * refund's `refund.updated` / `failed` decides its refund part (decision 0062). Other events are stored.
 */
export async function handlePaymentEvent(
  deps: PaymentEventDeps,
  provider: 'sandbox' | 'stripe',
  event: PaymentEvent,
): Promise<EventOutcome> {
  const decided = await deps.db.transaction(async (tx) => {
    const fresh = await tx
      .insert(paymentWebhookEvents)
      .values({ id: event.id, provider, type: event.type, payload: event })
      .onConflictDoNothing()
      .returning({ id: paymentWebhookEvents.id });
    if (fresh.length === 0) return { outcome: 'duplicate' as const };
    const object = event.data.object;
    const reference = object.metadata?.reference;
    let decision: Decision = { outcome: 'ignored' };
    if (PAYMENT_EVENTS.has(event.type)) {
      decision = await applyPaymentEvent(tx, deps, provider, event);
    } else if (reference && REFUND_EVENTS.has(event.type)) {
      // A refund Stripe answered `pending` is decided here (decision 0062); the reference is the refund part.
      const recorded = await recordRefundPart(tx, deps.mail, reference, refundEventOutcome(object));
      decision = { outcome: recorded ? 'recorded' : 'ignored' };
    }
    await tx.update(paymentWebhookEvents).set({ processedAt: sql`now()` }).where(eq(paymentWebhookEvents.id, event.id));
    return decision;
  });
  if ('late' in decided && decided.late) {
    await refundLateSuccess({ db: deps.db, provider: deps.refundsThrough?.(), log: deps.log }, decided.late);
  }
  return decided.outcome;
}

type Decision = { outcome: EventOutcome; late?: LateSuccess };

async function applyPaymentEvent(
  tx: Executor,
  deps: PaymentEventDeps,
  provider: 'sandbox' | 'stripe',
  event: PaymentEvent,
): Promise<Decision> {
  const object = event.data.object;
  const binding = await bindPaymentEvent(tx, provider, object);
  const seen = { eventId: event.id, type: event.type, providerPaymentId: object.id };
  if (binding.kind === 'hold') return { outcome: 'ignored' };
  if (binding.kind === 'orphan') {
    const details = { ...seen, reference: binding.reference, amount: object.amount ?? null };
    deps.log?.error(details, 'payment event for no payment attempt of ours: not applied');
    await recordPaymentAlert(tx, { kind: 'orphan', eventId: event.id, attemptId: null, details });
    return { outcome: 'flagged' };
  }
  const { attempt } = binding;
  if (binding.kind === 'mismatch') {
    const details = { ...seen, differences: binding.differences };
    deps.log?.error({ ...details, attemptId: attempt.id }, 'payment event does not match its attempt: not applied');
    await recordPaymentAlert(tx, { kind: 'mismatch', eventId: event.id, attemptId: attempt.id, details });
    return { outcome: 'flagged' };
  }
  if (event.type === 'payment_intent.succeeded') {
    if (attempt.status === 'failed') {
      const details = { ...seen, amount: attempt.amount, currency: attempt.currency };
      deps.log?.error({ ...details, attemptId: attempt.id }, 'payment succeeded for an attempt recorded failed');
      const alertId = await recordPaymentAlert(tx, {
        kind: 'late-success',
        eventId: event.id,
        attemptId: attempt.id,
        details,
      });
      if (!alertId) return { outcome: 'flagged' };
      const late = { alertId, attemptId: attempt.id, providerPaymentId: object.id, ...amountOf(attempt) };
      return { outcome: 'flagged', late };
    }
    return { outcome: (await recordChargeSucceeded(tx, attempt.id, object.id, deps.mail)) ? 'recorded' : 'ignored' };
  }
  const message = object.last_payment_error?.message ?? DEFAULT_DECLINE;
  const failed = await recordFailure(tx, attempt.orderId, attempt.id, message, null, deps.mail);
  return { outcome: failed ? 'recorded' : 'ignored' };
}

const amountOf = (attempt: { amount: number; currency: string }) => ({
  amount: attempt.amount,
  currency: attempt.currency,
});
