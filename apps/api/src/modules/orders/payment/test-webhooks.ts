import { orderHistory, orderPayments, orders, paymentAlerts } from '@lotline/db/schema';
import { eq } from 'drizzle-orm';
import { pino } from 'pino';
import Stripe from 'stripe';
import { expect } from 'vitest';
import type { TestApp } from '../../../test/app';
import { ORIGIN } from '../../identity/test-helpers';
import { createOutboxMailer } from '../../mail/outbox-mailer';
import type { Charge, ChargeRequest } from '../../payments/provider';
import { SandboxPaymentProvider } from '../../payments/sandbox/sandbox-provider';
import type { Person } from '../../registrations/test-helpers';
import { PROCESSING_MESSAGE, payOrder } from './pay-order';
import { createOrderFor } from './test-orders';

/** The webhook tests' helpers: signed Stripe events about an order's card charge left `processing`. */

export const SECRET = 'whsec_test_lotline';

/** A provider whose charges stay `processing` (as a Stripe bank debit does): only the webhook decides them. */
export class ProcessingProvider extends SandboxPaymentProvider {
  override async charge(request: ChargeRequest): Promise<Charge> {
    return {
      id: `pi_proc_${request.reference}`,
      status: 'processing',
      amount: request.amount,
      currency: request.currency,
    };
  }
}

export type Attempt = typeof orderPayments.$inferSelect;

export function postEvent(t: TestApp, payload: string, signature: string | undefined, origin?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/payments/webhooks/stripe',
    headers: {
      'content-type': 'application/json',
      ...(signature ? { 'stripe-signature': signature } : {}),
      ...(origin ? { origin } : {}),
    },
    payload,
  });
}

export function signed(event: object) {
  const payload = JSON.stringify(event);
  return { payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET }) };
}

/** Signs and posts `event`: the webhook's answer. */
export async function deliver(t: TestApp, event: object) {
  const { payload, signature } = signed(event);
  return postEvent(t, payload, signature);
}

/** Stripe's event about the attempt's PaymentIntent, as it recorded it unless `over` says otherwise. */
export const intentEvent = (
  id: string,
  type: string,
  attempt: Pick<Attempt, 'id' | 'providerPaymentId' | 'amount' | 'currency'>,
  over: { paymentId?: string; amount?: number; currency?: string; message?: string } = {},
) => ({
  id,
  object: 'event',
  type,
  data: {
    object: {
      id: over.paymentId ?? attempt.providerPaymentId ?? `pi_${id}`,
      object: 'payment_intent',
      status: type.endsWith('succeeded') ? 'succeeded' : 'requires_payment_method',
      amount: over.amount ?? attempt.amount,
      currency: (over.currency ?? attempt.currency).toLowerCase(),
      metadata: { reference: attempt.id },
      last_payment_error: over.message ? { message: over.message } : null,
    },
  },
});

export const orderRow = async (t: TestApp, id: string) =>
  (await t.db.select().from(orders).where(eq(orders.id, id)))[0];
export const historyOf = async (t: TestApp, id: string) =>
  (await t.db.select().from(orderHistory).where(eq(orderHistory.orderId, id))).map((h) => h.event);
export const attemptRow = async (t: TestApp, id: string) =>
  (await t.db.select().from(orderPayments).where(eq(orderPayments.id, id)))[0];
export const alertsOf = (t: TestApp, eventId: string) =>
  t.db.select().from(paymentAlerts).where(eq(paymentAlerts.eventId, eventId));
export const mail = (t: TestApp) => ({
  mailer: createOutboxMailer(t.db, pino({ level: 'silent' })),
  publicOrigin: ORIGIN,
});

/** A pending order whose card payment the provider left `processing`, paid through the use-case of the route. */
export async function processingOrder(t: TestApp, buyer: Person) {
  const order = await createOrderFor(t, buyer.id);
  const provider = new ProcessingProvider(t.db, ORIGIN);
  const answer = await payOrder(
    { db: t.db, provider, mail: mail(t), featureOverrides: {} },
    { userId: buyer.id, orderId: order.id, paymentMethodId: undefined, idempotencyKey: `k-${order.id}` },
  );
  expect(answer.status).toBe(200);
  expect((answer.body as { data: { payment: unknown } }).data.payment).toEqual({
    status: 'processing',
    message: PROCESSING_MESSAGE,
  });
  const [payment] = await t.db.select().from(orderPayments).where(eq(orderPayments.orderId, order.id));
  if (!payment) throw new Error('no payment');
  return { order, payment };
}
