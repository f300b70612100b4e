import { orderPayments, paymentWebhookEvents } from '@lotline/db/schema';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { freshIp, ORIGIN } from '../../identity/test-helpers';
import { SandboxPaymentProvider } from '../../payments/sandbox/sandbox-provider';
import { VISA } from '../../payments/test-helpers';
import { bidder } from '../../registrations/test-helpers';
import { chooseWire } from './choose-wire';
import { payOrder } from './pay-order';
import { createOrderFor } from './test-orders';
import {
  alertsOf,
  deliver,
  historyOf,
  intentEvent,
  mail,
  orderRow,
  ProcessingProvider,
  postEvent,
  processingOrder,
  SECRET,
  signed,
} from './test-webhooks';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { stripeWebhookSecret: SECRET } });
});
afterAll(() => t.close());

describe('POST /payments/webhooks/stripe', () => {
  it('a signed payment_intent.succeeded pays the order once; the replayed event changes nothing', async () => {
    const buyer = await bidder(t, undefined, VISA);
    const { order, payment } = await processingOrder(t, buyer);
    expect(await orderRow(t, order.id)).toMatchObject({ status: 'OrderPending' });
    // A second attempt while the first is processing: 409.
    await expect(
      payOrder(
        { db: t.db, provider: new ProcessingProvider(t.db, ORIGIN), mail: mail(t), featureOverrides: {} },
        { userId: buyer.id, orderId: order.id, paymentMethodId: undefined, idempotencyKey: undefined },
      ),
    ).rejects.toMatchObject({ code: 'CONFLICT' });

    const { payload, signature } = signed(intentEvent('evt_ok_1', 'payment_intent.succeeded', payment));
    // From another site's page it would carry an Origin: the path is exempt, the signature decides.
    const res = await postEvent(t, payload, signature, 'https://elsewhere.example');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true, outcome: 'recorded' });
    expect(await orderRow(t, order.id)).toMatchObject({ status: 'OrderPaid' });
    const replay = await postEvent(t, payload, signature);
    expect(replay.json()).toEqual({ received: true, outcome: 'duplicate' });
    expect((await historyOf(t, order.id)).filter((e) => e === 'paid')).toHaveLength(1);
  });

  it('a bad or missing signature is 400 and changes nothing', async () => {
    const buyer = await bidder(t, undefined, VISA);
    const { order, payment } = await processingOrder(t, buyer);
    const event = intentEvent('evt_forged', 'payment_intent.succeeded', payment);
    const payload = JSON.stringify(event);
    const forged = Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_not_ours' });
    expect((await postEvent(t, payload, forged)).statusCode).toBe(400);
    expect((await postEvent(t, payload, undefined)).statusCode).toBe(400);
    // Signed, then altered: the bytes no longer match.
    const { signature } = signed(event);
    expect((await postEvent(t, payload.replace('succeeded', 'succeeded '), signature)).statusCode).toBe(400);
    expect(await orderRow(t, order.id)).toMatchObject({ status: 'OrderPending' });
    expect(await t.db.select().from(paymentWebhookEvents).where(eq(paymentWebhookEvents.id, 'evt_forged'))).toEqual([]);
  });

  it('payment_intent.payment_failed records the refusal: the order stays pending with the message', async () => {
    const buyer = await bidder(t, undefined, VISA);
    const { order, payment } = await processingOrder(t, buyer);
    // While the card charge runs the order is being paid by card.
    expect(await orderRow(t, order.id)).toMatchObject({ paymentKind: 'card' });
    const message = 'Your card has insufficient funds.';
    const refusal = intentEvent('evt_fail_1', 'payment_intent.payment_failed', payment, { message });
    const { payload, signature } = signed(refusal);
    expect((await postEvent(t, payload, signature)).json()).toEqual({ received: true, outcome: 'recorded' });
    // Refused: back to no payment kind, as before the attempt.
    expect(await orderRow(t, order.id)).toMatchObject({
      status: 'OrderPending',
      paymentError: message,
      paymentKind: null,
    });
    // The same refusal again (replayed, or another event id for the attempt) changes nothing.
    expect((await postEvent(t, payload, signature)).json()).toEqual({ received: true, outcome: 'duplicate' });
    const again = intentEvent('evt_fail_2', 'payment_intent.payment_failed', payment, { message });
    expect((await deliver(t, again)).json()).toEqual({ received: true, outcome: 'ignored' });
    expect(await orderRow(t, order.id)).toMatchObject({ paymentKind: null });
    expect((await historyOf(t, order.id)).filter((e) => e === 'payment-failed')).toHaveLength(1);
    const [after] = await t.db.select().from(orderPayments).where(eq(orderPayments.id, payment.id));
    expect(after).toMatchObject({ status: 'failed', failureMessage: message });
    // A later attempt that succeeds is card again, and pays the order.
    const paid = await payOrder(
      { db: t.db, provider: new SandboxPaymentProvider(t.db, ORIGIN), mail: mail(t), featureOverrides: {} },
      { userId: buyer.id, orderId: order.id, paymentMethodId: undefined, idempotencyKey: `k2-${order.id}` },
    );
    expect(paid.status).toBe(200);
    expect(await orderRow(t, order.id)).toMatchObject({ status: 'OrderPaid', paymentKind: 'card', paymentError: null });
    expect(await alertsOf(t, 'evt_fail_2')).toEqual([]);
  });

  it('a webhook refusal of a card tried after choosing wire puts wire back', async () => {
    const buyer = await bidder(t, undefined, VISA);
    const order = await createOrderFor(t, buyer.id);
    await chooseWire(t.db, buyer.id, order.id, true);
    const provider = new ProcessingProvider(t.db, ORIGIN);
    await payOrder(
      { db: t.db, provider, mail: mail(t), featureOverrides: {} },
      { userId: buyer.id, orderId: order.id, paymentMethodId: undefined, idempotencyKey: `kw-${order.id}` },
    );
    expect(await orderRow(t, order.id)).toMatchObject({ paymentKind: 'card' });
    const [payment] = await t.db.select().from(orderPayments).where(eq(orderPayments.orderId, order.id));
    if (!payment) throw new Error('no payment');
    const refused = intentEvent('evt_fail_wire', 'payment_intent.payment_failed', payment);
    expect((await deliver(t, refused)).json()).toEqual({ received: true, outcome: 'recorded' });
    expect(await orderRow(t, order.id)).toMatchObject({ status: 'OrderPending', paymentKind: 'wire' });
  });

  it('without STRIPE_WEBHOOK_SECRET every call is refused', async () => {
    const bare = await createTestApp();
    try {
      const attempt = { id: 'opay_x', providerPaymentId: null, amount: 100, currency: 'USD' };
      const { payload, signature } = signed(intentEvent('evt_x', 'payment_intent.succeeded', attempt));
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
