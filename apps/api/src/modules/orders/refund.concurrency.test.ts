import { randomUUID } from 'node:crypto';
import type { Database } from '@lotline/db';
import {
  orderPayments,
  orderRefunds,
  orders,
  paymentMethods,
  sandboxCards,
  sandboxHolds,
  users,
} from '@lotline/db/schema';
import { eq } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settle } from '../../test/concurrency';
import { createOutboxMailer } from '../mail/outbox-mailer';
import { SandboxPaymentProvider } from '../payments/sandbox/sandbox-provider';
import { buyNowConcurrencyScene, purchaseDepsFor } from '../purchases/concurrency-helpers';
import { purchaseItem } from '../purchases/purchase-item';
import { chargeOrder } from './payment/charge-order';
import { refundOrder } from './refund-order';

/**
 * Simultaneous refunds of one paid order, on PostgreSQL (skipped without TEST_DATABASE_URL), through two pools
 * (two API processes): whatever the interleaving, what the refunds give back never sums above what the order's
 * payments took (decision 0062). Each claim holds the order's row lock, so the later ones see what the earlier
 * reserved; the refusals name what is left; `orders.refunded` and the provider's own record agree.
 */

const baseUrl = process.env.TEST_DATABASE_URL;
const ORIGIN = 'https://lotline.test';
const REQUESTS = 24;

let scene: Awaited<ReturnType<typeof buyNowConcurrencyScene>>;
let pools: [Database, Database];
let buyerId: string;
let sellerId: string;

const depsOf = (db: Database) => ({
  db,
  provider: new SandboxPaymentProvider(db, ORIGIN),
  mail: { mailer: createOutboxMailer(db, pino({ level: 'silent' })), publicOrigin: ORIGIN },
});

describe.skipIf(!baseUrl)('simultaneous refunds of one order (PostgreSQL)', () => {
  beforeAll(async () => {
    scene = await buyNowConcurrencyScene(baseUrl as string, 1, 'Concurrent Refunds');
    pools = scene.pools;
    buyerId = scene.buyerIds[0] as string;
    sellerId = `user_${randomUUID()}`;
    await pools[0].insert(users).values({ id: sellerId, email: `${sellerId}@example.com`, name: 'Seller' });
    const cardId = `pm_sbx_${randomUUID()}`;
    await pools[0]
      .insert(sandboxCards)
      .values({ id: cardId, brand: 'visa', last4: '4242', expMonth: 12, expYear: 2034, holderName: 'Buyer 0' });
    await pools[0].insert(paymentMethods).values({
      id: `pm_${randomUUID()}`,
      userId: buyerId,
      provider: 'sandbox',
      providerPaymentMethodId: cardId,
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

  /** A one-unit order of a fresh item, paid by the buyer's card. */
  async function paidOrder() {
    const lotId = await scene.item(1);
    const { answer } = await purchaseItem(purchaseDepsFor(pools[0], true), {
      userId: buyerId,
      lotId,
      body: { quantity: 1 },
      idempotencyKey: undefined,
    });
    const orderId = (answer.body as { data: { order: { _id: string } } }).data.order._id;
    expect(await chargeOrder(depsOf(pools[0]), orderId)).toMatchObject({ status: 'paid' });
    const [order] = await pools[0].select().from(orders).where(eq(orders.id, orderId));
    return order as NonNullable<typeof order>;
  }

  async function givenBack(orderId: string) {
    const refunds = await pools[0].select().from(orderRefunds).where(eq(orderRefunds.orderId, orderId));
    const succeeded = refunds.filter((r) => r.status === 'succeeded').reduce((sum, r) => sum + r.amount, 0);
    const [order] = await pools[0].select({ refunded: orders.refunded }).from(orders).where(eq(orders.id, orderId));
    const [hold] = await pools[1]
      .select({ refunded: sandboxHolds.amountRefunded })
      .from(sandboxHolds)
      .where(eq(sandboxHolds.reference, `charge:${await chargeIdOf(orderId)}`));
    return { refunds, succeeded, refunded: order?.refunded, atProvider: hold?.refunded };
  }

  async function chargeIdOf(orderId: string) {
    const [charge] = await pools[0].select().from(orderPayments).where(eq(orderPayments.orderId, orderId));
    return charge?.id;
  }

  const race = (orderId: string, amounts: number[]) =>
    settle(
      amounts.map((amount, i) =>
        refundOrder(depsOf(pools[i % 2] as Database), orderId, { amount, reason: `Race ${i}`, actorUserId: sellerId }),
      ),
    );

  it('equal refunds at once: exactly as many as fit succeed, the rest are refused, nothing above what was paid', async () => {
    const order = await paidOrder();
    const each = Math.ceil(order.total / 5) + 1;
    const outcomes = await race(
      order.id,
      Array.from({ length: REQUESTS }, () => each),
    );
    const fit = Math.floor(order.total / each);
    expect(outcomes.filter((o) => o === 'ok')).toHaveLength(fit);
    expect(outcomes.filter((o) => o === 'CONFLICT')).toHaveLength(REQUESTS - fit);
    const state = await givenBack(order.id);
    expect(state.refunds).toHaveLength(fit);
    expect(state).toMatchObject({ succeeded: fit * each, refunded: fit * each, atProvider: fit * each });
  }, 120_000);

  it('refunds of many sizes at once never sum above what was paid, and can exhaust it', async () => {
    const order = await paidOrder();
    const amounts = Array.from({ length: REQUESTS }, (_, i) =>
      Math.max(1, Math.round((order.total * ((i % 7) + 1)) / 20)),
    );
    await race(order.id, amounts);
    const state = await givenBack(order.id);
    expect(state.succeeded).toBeLessThanOrEqual(order.total);
    expect(state).toMatchObject({ refunded: state.succeeded, atProvider: state.succeeded });
    // What is left goes in one last refund; then nothing more fits.
    const left = order.total - state.succeeded;
    if (left > 0) expect(await race(order.id, [left])).toEqual(['ok']);
    expect(await race(order.id, [1, 1])).toEqual(['CONFLICT', 'CONFLICT']);
    expect(await givenBack(order.id)).toMatchObject({ refunded: order.total, atProvider: order.total });
  }, 120_000);
});
