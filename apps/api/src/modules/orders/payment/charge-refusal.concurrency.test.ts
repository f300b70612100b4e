import { randomUUID } from 'node:crypto';
import type { Database } from '@lotline/db';
import { mailOutbox, orderHistory, orderPayments, orders, paymentMethods } from '@lotline/db/schema';
import { eq } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isAppError } from '../../../lib/errors';
import { createOutboxMailer } from '../../mail/outbox-mailer';
import type { Charge, ChargeRequest, PaymentEvent } from '../../payments/provider';
import { SandboxPaymentProvider } from '../../payments/sandbox/sandbox-provider';
import { buyNowConcurrencyScene, purchaseDepsFor } from '../../purchases/concurrency-helpers';
import { purchaseItem } from '../../purchases/purchase-item';
import { chargeOrder, recordFailure } from './charge-order';
import { chooseWire } from './choose-wire';
import { handlePaymentEvent } from './payment-events';

/**
 * A refused card charge and the order's payment kind, on PostgreSQL (skipped
 * without TEST_DATABASE_URL), through two pools (two API processes): the
 * request that charged and the provider's events (twice, under two event ids)
 * record one refusal at the same moment; and a refusal races the buyer's next
 * attempt. The refusal is recorded once (one history row, one e-mail), the
 * kind is what held before the attempt (none, or wire when chosen), and a
 * new attempt that got in is never overwritten: card exactly while a charge
 * is under way.
 */

const baseUrl = process.env.TEST_DATABASE_URL;
const ORDERS = 12;
const ORIGIN = 'https://lotline.test';

/** A provider whose charges stay `processing`: only the recorded outcome decides them. */
class ProcessingProvider extends SandboxPaymentProvider {
  override async charge(request: ChargeRequest): Promise<Charge> {
    return { id: `pi_${request.reference}`, status: 'processing', amount: request.amount, currency: request.currency };
  }
}

let scene: Awaited<ReturnType<typeof buyNowConcurrencyScene>>;
let pools: [Database, Database];
let buyerId: string;

const depsOf = (db: Database) => ({
  db,
  provider: new ProcessingProvider(db, ORIGIN),
  mail: { mailer: createOutboxMailer(db, pino({ level: 'silent' })), publicOrigin: ORIGIN },
});

describe.skipIf(!baseUrl)('a refused card charge recorded from both sides at once (PostgreSQL)', () => {
  beforeAll(async () => {
    scene = await buyNowConcurrencyScene(baseUrl as string, 1, 'Concurrent Payments');
    pools = scene.pools;
    buyerId = scene.buyerIds[0] as string;
    await pools[0].insert(paymentMethods).values({
      id: `pm_${randomUUID()}`,
      userId: buyerId,
      provider: 'sandbox',
      providerPaymentMethodId: `pm_sandbox_${randomUUID()}`,
      brand: 'visa',
      last4: '4242',
      expMonth: 12,
      expYear: 2034,
      isDefault: true,
    });
  }, 120_000);

  afterAll(async () => {
    await scene?.close();
  });

  /** ORDERS approved orders of the buyer, each with a card charge under way (kind card). */
  async function ordersCharging(wireFirst: boolean) {
    const lotId = await scene.item(ORDERS);
    const ids: { orderId: string; paymentId: string }[] = [];
    for (let i = 0; i < ORDERS; i++) {
      const { answer } = await purchaseItem(purchaseDepsFor(pools[0], true), {
        userId: buyerId,
        lotId,
        body: { quantity: 1 },
        idempotencyKey: undefined,
      });
      const orderId = (answer.body as { data: { order: { _id: string } } }).data.order._id;
      if (wireFirst) await chooseWire(pools[0], buyerId, orderId, true);
      const outcome = await chargeOrder(depsOf(pools[0]), orderId);
      expect(outcome.status).toBe('processing');
      const [order] = await pools[0].select().from(orders).where(eq(orders.id, orderId));
      expect(order?.paymentKind).toBe('card');
      const paymentId = (outcome as { paymentId: string }).paymentId;
      const [attempt] = await pools[0].select().from(orderPayments).where(eq(orderPayments.id, paymentId));
      // The provider's events carry the charge's amount and currency; they must match the attempt (decision 0071).
      if (attempt) charged.set(paymentId, { amount: attempt.amount, currency: attempt.currency.toLowerCase() });
      ids.push({ orderId, paymentId });
    }
    return ids;
  }

  const charged = new Map<string, { amount: number; currency: string }>();
  const failedEvent = (paymentId: string): PaymentEvent => ({
    id: `evt_${randomUUID()}`,
    type: 'payment_intent.payment_failed',
    data: {
      object: {
        id: `pi_${paymentId}`,
        ...charged.get(paymentId),
        metadata: { reference: paymentId },
        last_payment_error: { message: 'Your card was declined.' },
      },
    },
  });

  async function stateOf(orderId: string) {
    const [order] = await pools[0].select().from(orders).where(eq(orders.id, orderId));
    const history = await pools[0].select().from(orderHistory).where(eq(orderHistory.orderId, orderId));
    const payments = await pools[0].select().from(orderPayments).where(eq(orderPayments.orderId, orderId));
    return { order, history: history.map((h) => h.event), payments: payments.map((p) => p.status) };
  }

  for (const wireFirst of [false, true]) {
    it(`the request and two provider events record one refusal; the kind goes back to ${wireFirst ? 'wire' : 'none'}`, async () => {
      const charging = await ordersCharging(wireFirst);
      const outcomes = await Promise.all(
        charging.flatMap(({ orderId, paymentId }) => [
          pools[0].transaction((tx) =>
            recordFailure(tx, orderId, paymentId, 'Your card was declined.', buyerId, depsOf(pools[0]).mail),
          ),
          handlePaymentEvent(depsOf(pools[1]), 'sandbox', failedEvent(paymentId)),
          handlePaymentEvent(depsOf(pools[0]), 'sandbox', failedEvent(paymentId)),
        ]),
      );
      // Per order exactly one of the three recorded it.
      for (let i = 0; i < charging.length; i++) {
        const three = outcomes.slice(3 * i, 3 * i + 3);
        expect(three.filter((o) => o === true || o === 'recorded')).toHaveLength(1);
      }
      for (const { orderId } of charging) {
        const { order, history, payments } = await stateOf(orderId);
        expect(order).toMatchObject({
          status: 'OrderPending',
          paymentKind: wireFirst ? 'wire' : null,
          paymentError: 'Your card was declined.',
        });
        expect(history.filter((e) => e === 'payment-failed')).toHaveLength(1);
        expect(payments).toEqual(['failed']);
      }
      const mails = await pools[0]
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.to, `${buyerId}@example.com`));
      for (const { orderId } of charging) {
        const [order] = await pools[0].select({ number: orders.number }).from(orders).where(eq(orders.id, orderId));
        expect(mails.filter((m) => m.subject === `Payment for order ${order?.number} failed`)).toHaveLength(1);
      }
    }, 60_000);
  }

  it('a refusal racing the next attempt: card exactly when the new charge got in, never overwritten', async () => {
    const charging = await ordersCharging(false);
    const raced = await Promise.all(
      charging.map(async ({ orderId, paymentId }) => {
        const [, next] = await Promise.all([
          handlePaymentEvent(depsOf(pools[1]), 'sandbox', failedEvent(paymentId)),
          chargeOrder(depsOf(pools[0]), orderId).catch((err: unknown) => {
            // The first attempt still under way when the claim looked: refused, nothing changed.
            if (isAppError(err) && err.code === 'CONFLICT') return 'refused' as const;
            throw err;
          }),
        ]);
        return { orderId, next };
      }),
    );
    for (const { orderId, next } of raced) {
      const { order, payments } = await stateOf(orderId);
      if (next === 'refused') {
        expect(order?.paymentKind).toBeNull();
        expect(payments).toEqual(['failed']);
      } else {
        expect(next.status).toBe('processing');
        expect(order?.paymentKind).toBe('card');
        expect([...payments].sort()).toEqual(['failed', 'processing']);
      }
    }
  }, 60_000);
});
