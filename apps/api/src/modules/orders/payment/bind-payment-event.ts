import type { Executor } from '@lotline/db';
import { depositHolds, orderPayments } from '@lotline/db/schema';
import { and, eq, or } from 'drizzle-orm';
import type { PaymentEvent } from '../../payments/provider';

/**
 * Which of our card charges a provider's payment event is about (issue 26, decision 0071). The event names the
 * attempt by `metadata.reference` (ours, set when charging) or, without one, by the provider's payment id; it is
 * bound only when the provider's payment id (once the attempt knows it), the amount and the currency all match
 * what the attempt recorded when it was created. An event for no attempt is an orphan, unless it is a deposit
 * hold's (those PaymentIntents carry the hold's id and are not this handler's to apply).
 */

export interface BoundAttempt {
  id: string;
  orderId: string;
  amount: number;
  currency: string;
  status: 'processing' | 'succeeded' | 'failed';
  providerPaymentId: string | null;
}

export type Difference = { expected: string | number | null; got: string | number | null };

export type Binding =
  | { kind: 'bound'; attempt: BoundAttempt }
  | { kind: 'mismatch'; attempt: BoundAttempt; differences: Record<string, Difference> }
  | { kind: 'orphan'; reference: string | null }
  | { kind: 'hold' };

export async function bindPaymentEvent(
  tx: Executor,
  provider: 'sandbox' | 'stripe',
  object: PaymentEvent['data']['object'],
): Promise<Binding> {
  const reference = object.metadata?.reference ?? null;
  const [attempt] = await tx
    .select({
      id: orderPayments.id,
      orderId: orderPayments.orderId,
      amount: orderPayments.amount,
      currency: orderPayments.currency,
      status: orderPayments.status,
      providerPaymentId: orderPayments.providerPaymentId,
    })
    .from(orderPayments)
    .where(
      and(
        eq(orderPayments.kind, 'charge'),
        reference
          ? eq(orderPayments.id, reference)
          : and(eq(orderPayments.provider, provider), eq(orderPayments.providerPaymentId, object.id)),
      ),
    );
  if (!attempt) {
    const [hold] = await tx
      .select({ id: depositHolds.id })
      .from(depositHolds)
      .where(
        or(
          reference ? eq(depositHolds.id, reference) : undefined,
          and(eq(depositHolds.provider, provider), eq(depositHolds.providerHoldId, object.id)),
        ),
      )
      .limit(1);
    return hold ? { kind: 'hold' } : { kind: 'orphan', reference };
  }
  const differences = differencesOf(attempt, object);
  return Object.keys(differences).length === 0
    ? { kind: 'bound', attempt }
    : { kind: 'mismatch', attempt, differences };
}

/** What the event says unlike the attempt: its payment id (when the attempt knows one), amount, currency. */
function differencesOf(attempt: BoundAttempt, object: PaymentEvent['data']['object']): Record<string, Difference> {
  const differences: Record<string, Difference> = {};
  if (attempt.providerPaymentId !== null && attempt.providerPaymentId !== object.id) {
    differences.providerPaymentId = { expected: attempt.providerPaymentId, got: object.id };
  }
  if (object.amount !== attempt.amount) differences.amount = { expected: attempt.amount, got: object.amount ?? null };
  const currency = typeof object.currency === 'string' ? object.currency.toUpperCase() : null;
  if (currency !== attempt.currency) differences.currency = { expected: attempt.currency, got: currency };
  return differences;
}
