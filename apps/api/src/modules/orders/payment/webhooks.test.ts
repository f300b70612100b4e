import { orderHistory, orderPayments, orders, paymentWebhookEvents } from '@lotline/db/schema';
import { eq } from 'drizzle-orm';
import { pino } from 'pino';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { freshIp, ORIGIN } from '../../identity/test-helpers';
import { createOutboxMailer } from '../../mail/outbox-mailer';
import type { Charge, ChargeRequest } from '../../payments/provider';
import { SandboxPaymentProvider } from '../../payments/sandbox/sandbox-provider';
import { VISA } from '../../payments/test-helpers';
import { bidder, type Person } from '../../registrations/test-helpers';
import { chooseWire } from './choose-wire';
import { PROCESSING_MESSAGE, payOrder } from './pay-order';
import { createOrderFor } from './test-orders';

const SECRET = 'whsec_test_lotline';

/** A provider whose charges stay `processing` (as a Stripe bank debit does): only the webhook decides them. */
class ProcessingProvider extends SandboxPaymentProvider {
  override async charge(request: ChargeRequest): Promise<Charge> {
    return {
      id: `pi_proc_${request.reference}`,
      status: 'processing',
      amount: request.amount,
      currency: request.currency,
    };
  }
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { stripeWebhookSecret: SECRET } });
});
afterAll(() => t.close());

function post(payload: string, signature: string | undefined, origin?: string) {
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

function signed(event: object) {
  const payload = JSON.stringify(event);
  return { payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET }) };
}

const intentEvent = (id: string, type: string, reference: string, message?: string) => ({
  id,
  object: 'event',
  type,
  data: {
    object: {
      id: `pi_${id}`,
      object: 'payment_intent',
      status: type.endsWith('succeeded') ? 'succeeded' : 'requires_payment_method',
      metadata: { reference },
      last_payment_error: message ? { message } : null,
    },
  },
});

const orderRow = async (id: string) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0];
const historyOf = async (id: string) =>
  (await t.db.select().from(orderHistory).where(eq(orderHistory.orderId, id))).map((h) => h.event);
const mail = () => ({ mailer: createOutboxMailer(t.db, pino({ level: 'silent' })), publicOrigin: ORIGIN });

/** A pending order whose card payment the provider left `processing`, paid through the use-case of the route. */
async function processingOrder(buyer: Person) {
  const order = await createOrderFor(t, buyer.id);
  const provider = new ProcessingProvider(t.db, ORIGIN);
  const answer = await payOrder(
    { db: t.db, provider, mail: mail(), featureOverrides: {} },
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

describe('POST /payments/webhooks/stripe', () => {
  it('a signed payment_intent.succeeded pays the order once; the replayed event changes nothing', async () => {
    const buyer = await bidder(t, undefined, VISA);
    const { order, payment } = await processingOrder(buyer);
    expect(await orderRow(order.id)).toMatchObject({ status: 'OrderPending' });
    // A second attempt while the first is processing: 409.
    await expect(
      payOrder(
        { db: t.db, provider: new ProcessingProvider(t.db, ORIGIN), mail: mail(), featureOverrides: {} },
        { userId: buyer.id, orderId: order.id, paymentMethodId: undefined, idempotencyKey: undefined },
      ),
    ).rejects.toMatchObject({ code: 'CONFLICT' });

    const { payload, signature } = signed(intentEvent('evt_ok_1', 'payment_intent.succeeded', payment.id));
    // From another site's page it would carry an Origin: the path is exempt, the signature decides.
    const res = await post(payload, signature, 'https://elsewhere.example');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true, outcome: 'recorded' });
    expect(await orderRow(order.id)).toMatchObject({ status: 'OrderPaid' });
    const replay = await post(payload, signature);
    expect(replay.json()).toEqual({ received: true, outcome: 'duplicate' });
    expect((await historyOf(order.id)).filter((e) => e === 'paid')).toHaveLength(1);
  });

  it('a bad or missing signature is 400 and changes nothing', async () => {
    const buyer = await bidder(t, undefined, VISA);
    const { order, payment } = await processingOrder(buyer);
    const event = intentEvent('evt_forged', 'payment_intent.succeeded', payment.id);
    const payload = JSON.stringify(event);
    const forged = Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_not_ours' });
    expect((await post(payload, forged)).statusCode).toBe(400);
    expect((await post(payload, undefined)).statusCode).toBe(400);
    // Signed, then altered: the bytes no longer match.
    const { signature } = signed(event);
    expect((await post(payload.replace('succeeded', 'succeeded '), signature)).statusCode).toBe(400);
    expect(await orderRow(order.id)).toMatchObject({ status: 'OrderPending' });
    expect(await t.db.select().from(paymentWebhookEvents).where(eq(paymentWebhookEvents.id, 'evt_forged'))).toEqual([]);
  });

  it('payment_intent.payment_failed records the refusal: the order stays pending with the message', async () => {
    const buyer = await bidder(t, undefined, VISA);
    const { order, payment } = await processingOrder(buyer);
    // While the card charge runs the order is being paid by card.
    expect(await orderRow(order.id)).toMatchObject({ paymentKind: 'card' });
    const message = 'Your card has insufficient funds.';
    const { payload, signature } = signed(
      intentEvent('evt_fail_1', 'payment_intent.payment_failed', payment.id, message),
    );
    expect((await post(payload, signature)).json()).toEqual({ received: true, outcome: 'recorded' });
    // Refused: back to no payment kind, as before the attempt.
    expect(await orderRow(order.id)).toMatchObject({
      status: 'OrderPending',
      paymentError: message,
      paymentKind: null,
    });
    // The same refusal again (replayed, or another event id for the attempt) changes nothing.
    expect((await post(payload, signature)).json()).toEqual({ received: true, outcome: 'duplicate' });
    const again = signed(intentEvent('evt_fail_2', 'payment_intent.payment_failed', payment.id, message));
    expect((await post(again.payload, again.signature)).json()).toEqual({ received: true, outcome: 'ignored' });
    expect(await orderRow(order.id)).toMatchObject({ paymentKind: null });
    expect((await historyOf(order.id)).filter((e) => e === 'payment-failed')).toHaveLength(1);
    const [after] = await t.db.select().from(orderPayments).where(eq(orderPayments.id, payment.id));
    expect(after).toMatchObject({ status: 'failed', failureMessage: message });
    // A late success event for the failed attempt does not pay it.
    const late = signed(intentEvent('evt_late', 'payment_intent.succeeded', payment.id));
    expect((await post(late.payload, late.signature)).json()).toEqual({ received: true, outcome: 'ignored' });
    expect(await orderRow(order.id)).toMatchObject({ status: 'OrderPending', paymentKind: null });
    // A later attempt that succeeds is card again, and pays the order.
    const paid = await payOrder(
      { db: t.db, provider: new SandboxPaymentProvider(t.db, ORIGIN), mail: mail(), featureOverrides: {} },
      { userId: buyer.id, orderId: order.id, paymentMethodId: undefined, idempotencyKey: `k2-${order.id}` },
    );
    expect(paid.status).toBe(200);
    expect(await orderRow(order.id)).toMatchObject({ status: 'OrderPaid', paymentKind: 'card', paymentError: null });
  });

  it('a webhook refusal of a card tried after choosing wire puts wire back', async () => {
    const buyer = await bidder(t, undefined, VISA);
    const order = await createOrderFor(t, buyer.id);
    await chooseWire(t.db, buyer.id, order.id, true);
    const provider = new ProcessingProvider(t.db, ORIGIN);
    await payOrder(
      { db: t.db, provider, mail: mail(), featureOverrides: {} },
      { userId: buyer.id, orderId: order.id, paymentMethodId: undefined, idempotencyKey: `kw-${order.id}` },
    );
    expect(await orderRow(order.id)).toMatchObject({ paymentKind: 'card' });
    const [payment] = await t.db.select().from(orderPayments).where(eq(orderPayments.orderId, order.id));
    const refused = signed(intentEvent('evt_fail_wire', 'payment_intent.payment_failed', payment?.id ?? ''));
    expect((await post(refused.payload, refused.signature)).json()).toEqual({ received: true, outcome: 'recorded' });
    expect(await orderRow(order.id)).toMatchObject({ status: 'OrderPending', paymentKind: 'wire' });
  });

  it('without STRIPE_WEBHOOK_SECRET every call is refused', async () => {
    const bare = await createTestApp();
    try {
      const { payload, signature } = signed(intentEvent('evt_x', 'payment_intent.succeeded', 'opay_x'));
      const res = await bare.app.inject({
        method: 'POST',
        url: '/payments/webhooks/stripe',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature, 'x-forwarded-for': freshIp() },
        payload,
      });
      expect(res.statusCode).toBe(400);
    } finally {
      await bare.close();
    }
  });
});
