import type { Database } from '@lotline/db';
import { orderPayments, paymentWebhookEvents } from '@lotline/db/schema';
import { and, eq, sql } from 'drizzle-orm';
import type { PaymentEvent, PaymentEventHandler, PaymentEventOutcome } from '../../payments/provider';
import { refundFailure } from '../../payments/stripe-provider';
import { type PartOutcome, recordRefundPart } from '../refund-order';
import { recordChargeSucceeded, recordFailure } from './charge-order';
import type { PaymentMailDeps } from './notify-payment';

export type EventOutcome = PaymentEventOutcome;

const DEFAULT_DECLINE = 'Your card was declined.';
const REFUND_EVENTS = new Set(['refund.updated', 'refund.failed']);

/** A refund object's status as a part's outcome: still `pending` until it succeeded, failed or was cancelled. */
function refundEventOutcome(object: PaymentEvent['data']['object']): PartOutcome {
  if (object.status === 'succeeded') return { status: 'succeeded', providerRefundId: object.id };
  if (object.status === 'failed' || object.status === 'canceled') {
    return { status: 'failed', providerRefundId: object.id, message: refundFailure(object.failure_reason) };
  }
  return { status: 'pending', providerRefundId: object.id };
}

/**
 * The one handler of a provider's payment events (decision 0044): Stripe's
 * verified webhook and the sandbox's in-process delivery both call it. In one
 * transaction it records the event id (a repeated delivery is a duplicate and
 * changes nothing) and applies it to the order payment named by
 * `metadata.reference`: succeeded → the order is paid; payment_failed → the
 * attempt fails and the order keeps the message. Both are guarded on the
 * attempt still `processing`, so whichever of the event and the charging
 * request comes first decides, once. A refund's `refund.updated` / `failed`
 * decides its refund part the same way (decision 0062). Other events
 * (deposit holds, unknown types) are stored and ignored.
 */
/** `handlePaymentEvent` as the provider and the webhook take it (`PaymentEventHandler`). */
export const paymentEventHandler =
  (deps: { db: Database; mail?: PaymentMailDeps }): PaymentEventHandler =>
  (provider, event) =>
    handlePaymentEvent(deps, provider, event);

export async function handlePaymentEvent(
  deps: { db: Database; mail?: PaymentMailDeps },
  provider: 'sandbox' | 'stripe',
  event: PaymentEvent,
): Promise<EventOutcome> {
  return deps.db.transaction(async (tx) => {
    const fresh = await tx
      .insert(paymentWebhookEvents)
      .values({ id: event.id, provider, type: event.type, payload: event })
      .onConflictDoNothing()
      .returning({ id: paymentWebhookEvents.id });
    if (fresh.length === 0) return 'duplicate';
    const object = event.data.object;
    const reference = object.metadata?.reference;
    const [payment] = reference
      ? await tx
          .select({ id: orderPayments.id, orderId: orderPayments.orderId })
          .from(orderPayments)
          .where(and(eq(orderPayments.id, reference), eq(orderPayments.kind, 'charge')))
      : [];
    let recorded = false;
    if (payment && event.type === 'payment_intent.succeeded') {
      recorded = await recordChargeSucceeded(tx, payment.id, object.id, deps.mail);
    } else if (payment && event.type === 'payment_intent.payment_failed') {
      const message = object.last_payment_error?.message ?? DEFAULT_DECLINE;
      recorded = await recordFailure(tx, payment.orderId, payment.id, message, null, deps.mail);
    } else if (reference && REFUND_EVENTS.has(event.type)) {
      // A refund Stripe answered `pending` is decided here (decision 0062); the reference is the refund part.
      recorded = await recordRefundPart(tx, deps.mail, reference, refundEventOutcome(object));
    }
    await tx.update(paymentWebhookEvents).set({ processedAt: sql`now()` }).where(eq(paymentWebhookEvents.id, event.id));
    return recorded ? 'recorded' : 'ignored';
  });
}
