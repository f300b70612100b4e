import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Database } from '@lotline/db';
import { orders, paymentMethods, payoutAccounts, payouts, sandboxCards, users } from '@lotline/db/schema';
import { eq, sql } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settle } from '../../test/concurrency';
import { createOutboxMailer } from '../mail/outbox-mailer';
import { chargeOrder } from '../orders/payment/charge-order';
import { SandboxPaymentProvider } from '../payments/sandbox/sandbox-provider';
import { buyNowConcurrencyScene, purchaseDepsFor } from '../purchases/concurrency-helpers';
import { purchaseItem } from '../purchases/purchase-item';
import { recordManualPayout } from './record-manual-payout';
import { releasePayouts, transferPayout } from './release-payouts';
import { fakeTransfers } from './test-payouts';

/**
 * One payout per order, never twice (decision 0079), on PostgreSQL (skipped without TEST_DATABASE_URL), through
 * two pools (two API processes): the release job on both and several staff at once, by Stripe transfer or by a
 * recorded bank transfer. Every path takes the order's row lock and checks for a payout first, and
 * `payouts_one_live_per_order_key` backs them: exactly one payout, and at most the one transfer it made.
 */

const baseUrl = process.env.TEST_DATABASE_URL;
const ORIGIN = 'https://lotline.test';
const STAFF = 6;

let scene: Awaited<ReturnType<typeof buyNowConcurrencyScene>>;
let pools: [Database, Database];
let buyerId: string;
const staffIds: string[] = [];

describe.skipIf(!baseUrl)('simultaneous payouts of one order (PostgreSQL)', () => {
  beforeAll(async () => {
    scene = await buyNowConcurrencyScene(baseUrl as string, 1, 'Concurrent Payouts');
    pools = scene.pools;
    buyerId = scene.buyerIds[0] as string;
    for (let i = 0; i < STAFF; i++) {
      const id = `user_${randomUUID()}`;
      staffIds.push(id);
      await pools[0].insert(users).values({ id, email: `${id}@example.com`, name: `Staff ${i}`, roles: ['staff'] });
    }
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
    await pools[0].insert(payoutAccounts).values({ companyId: scene.companyId, stripeAccountId: 'acct_1Race' });
  }, 120_000);

  afterAll(async () => {
    await scene?.close();
  });

  /** A one-unit order of a fresh item, paid by the buyer's card 15 days ago (past the refund window). */
  async function dueOrder(): Promise<string> {
    const { answer } = await purchaseItem(purchaseDepsFor(pools[0], true), {
      userId: buyerId,
      lotId: await scene.item(1),
      body: { quantity: 1 },
      idempotencyKey: undefined,
    });
    const orderId = (answer.body as { data: { order: { _id: string } } }).data.order._id;
    const mail = { mailer: createOutboxMailer(pools[0], pino({ level: 'silent' })), publicOrigin: ORIGIN };
    const provider = new SandboxPaymentProvider(pools[0], ORIGIN);
    expect(await chargeOrder({ db: pools[0], provider, mail }, orderId)).toMatchObject({ status: 'paid' });
    await pools[0].update(orders).set({ paidAt: sql`now() - interval '15 days'` }).where(eq(orders.id, orderId));
    return orderId;
  }

  /** Stripe's stand-in, slowed a little so that the racers overlap while a transfer is out. */
  function slowStripe() {
    const stripe = fakeTransfers();
    const answer = stripe.create.getMockImplementation();
    stripe.create.mockImplementation(async (params, options) => {
      await sleep(25);
      return (answer as NonNullable<typeof answer>)(params, options);
    });
    return stripe;
  }

  const payoutsOf = (orderId: string) => pools[0].select().from(payouts).where(eq(payouts.orderId, orderId));

  it('the job on both processes and staff asking for the transfer at once: one payout, one Stripe transfer', async () => {
    const orderId = await dueOrder();
    const stripe = slowStripe();
    const depsOf = (i: number) => ({ db: pools[i % 2] as Database, provider: stripe.provider });
    const outcomes = await settle([
      releasePayouts(depsOf(0)),
      releasePayouts(depsOf(1)),
      ...staffIds.map((id, i) => transferPayout(depsOf(i), orderId, id)),
    ]);
    const rows = await payoutsOf(orderId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ method: 'stripe', status: 'paid', destination: 'acct_1Race' });
    expect(stripe.create).toHaveBeenCalledTimes(1);
    expect(stripe.create.mock.calls[0]?.[1]).toEqual({ idempotencyKey: `payout-${rows[0]?.id}` });
    // The staff who lost the race were told the order is paid out; the jobs simply found nothing to do.
    const staffOutcomes = outcomes.slice(2);
    expect(staffOutcomes.filter((o) => o === 'CONFLICT').length).toBeGreaterThanOrEqual(STAFF - 1);
    expect(outcomes.every((o) => o === 'ok' || o === 'CONFLICT')).toBe(true);
  });

  it('the job and staff recording bank transfers at once: one payout; a transfer only if the job won', async () => {
    for (let round = 0; round < 3; round++) {
      const orderId = await dueOrder();
      const stripe = slowStripe();
      const outcomes = await settle([
        releasePayouts({ db: pools[round % 2] as Database, provider: stripe.provider }),
        ...staffIds.map((id, i) =>
          (pools[i % 2] as Database).transaction((tx) =>
            recordManualPayout(tx, { orderId, reference: `BANK-${round}-${i}`, actorId: id }),
          ),
        ),
      ]);
      const rows = await payoutsOf(orderId);
      expect(rows).toHaveLength(1);
      const [payout] = rows;
      const recorded = outcomes.slice(1).filter((o) => o === 'ok').length;
      if (payout?.method === 'stripe') {
        expect(stripe.create).toHaveBeenCalledTimes(1);
        expect(recorded).toBe(0);
      } else {
        expect(stripe.create).not.toHaveBeenCalled();
        expect(recorded).toBe(1);
      }
      expect(outcomes.slice(1).filter((o) => o === 'CONFLICT')).toHaveLength(STAFF - recorded);
    }
  });
});
