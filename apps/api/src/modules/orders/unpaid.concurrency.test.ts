import { randomUUID } from 'node:crypto';
import type { Database } from '@lotline/db';
import { depositHolds, eventLots, events, orderHistory, orders, registrations } from '@lotline/db/schema';
import { LOT_STATUS } from '@lotline/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settle } from '../../test/concurrency';
import { createOutboxMailer } from '../mail/outbox-mailer';
import { buyNowConcurrencyScene } from '../purchases/concurrency-helpers';
import { createOrder } from './create-order';
import { expireUnpaidOrders } from './expire-unpaid-orders';
import { createAuctionOrder } from './payment/auction-order';
import { takeStock } from './stock';

/**
 * Unpaid sales end exactly once, and a deposit counts once, on PostgreSQL through two pools (two API processes;
 * skipped without TEST_DATABASE_URL), issue 25:
 * - the payment-window job running in both processes at once cancels each overdue order once: one history
 *   line each, every unit back;
 * - two lots of one event sold at once to the same winner apply their one deposit to one order only (the
 *   registration row is locked before the deposit is counted).
 */

const baseUrl = process.env.TEST_DATABASE_URL;
const ORDERS = 12;

let scene: Awaited<ReturnType<typeof buyNowConcurrencyScene>>;
let pools: [Database, Database];
const depsOf = (db: Database) => ({
  db,
  mailer: createOutboxMailer(db, pino({ level: 'silent' })),
  publicOrigin: 'https://lotline.test',
  featureOverrides: {},
});

describe.skipIf(!baseUrl)('unpaid orders and deposits under concurrency (PostgreSQL)', () => {
  beforeAll(async () => {
    scene = await buyNowConcurrencyScene(baseUrl as string, ORDERS, 'Concurrent Defaults');
    pools = scene.pools;
  }, 120_000);
  afterAll(async () => {
    await scene?.close();
  });

  it('two job runs at once cancel each overdue order exactly once and give every unit back', async () => {
    const lotId = await scene.item(ORDERS);
    const ids: string[] = [];
    for (const buyer of scene.buyerIds) {
      const order = await pools[0].transaction(async (tx) => {
        if (!(await takeStock(tx, lotId, 1))) throw new Error('no stock');
        return createOrder(
          tx,
          { source: 'buy-now', buyerUserId: buyer, lotId, quantity: 1, unitPrice: 5_000, approval: 'approved' },
          depsOf(pools[0]),
        );
      });
      ids.push(order.id);
    }
    await pools[0]
      .update(orders)
      .set({ paymentDueAt: sql`now() - interval '1 minute'` })
      .where(inArray(orders.id, ids));

    const counts: number[] = [];
    const outcomes = await settle(
      [pools[0], pools[1], pools[0], pools[1]].map(async (db) => {
        counts.push(await expireUnpaidOrders(depsOf(db)));
      }),
    );
    expect(outcomes).toEqual(['ok', 'ok', 'ok', 'ok']);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(ORDERS);
    const lines = await pools[0]
      .select({ orderId: orderHistory.orderId })
      .from(orderHistory)
      .where(and(inArray(orderHistory.orderId, ids), eq(orderHistory.event, 'payment-expired')));
    expect(lines).toHaveLength(ORDERS);
    expect(new Set(lines.map((l) => l.orderId)).size).toBe(ORDERS);
    const [lot] = await pools[0].select().from(eventLots).where(eq(eventLots.id, lotId));
    expect(lot?.quantity).toBe(ORDERS);
  });

  it('applies a winner’s deposit to one order when two of their lots are sold at once', async () => {
    for (let round = 0; round < 2; round++) {
      const winner = scene.buyerIds[round] as string;
      const eventId = `ev_${randomUUID()}`;
      await pools[0].insert(events).values({
        id: eventId,
        companyId: scene.companyId,
        name: eventId,
        title: eventId,
        status: 'published',
        startAt: new Date(Date.now() - 7_200_000),
        endAt: new Date(Date.now() - 1_000),
        bidDepositAmount: 50_000,
        bidDepositCurrency: 'USD',
      });
      const registrationId = `reg_${randomUUID()}`;
      const holdId = `hold_${randomUUID()}`;
      await pools[0].insert(registrations).values({
        id: registrationId,
        eventId,
        userId: winner,
        status: 'approved',
        depositAmount: 50_000,
        depositCurrency: 'USD',
        depositStatus: 'held',
      });
      await pools[0].insert(depositHolds).values({
        id: holdId,
        registrationId,
        provider: 'sandbox',
        providerHoldId: `sbh_${randomUUID()}`,
        amount: 50_000,
        currency: 'USD',
        status: 'held',
        expiresAt: new Date(Date.now() + 5 * 86_400_000),
      });
      await pools[0].update(registrations).set({ currentHoldId: holdId }).where(eq(registrations.id, registrationId));
      const lotIds = [`lot_${randomUUID()}`, `lot_${randomUUID()}`];
      for (const id of lotIds) {
        await pools[0].insert(eventLots).values({
          id,
          companyId: scene.companyId,
          eventId,
          number: id,
          name: id,
          type: 'AuctionLot',
          status: LOT_STATUS.Sold,
          startingBid: 10_000,
          currentBidAmount: 100_000,
          leaderUserId: winner,
          bidsCount: 1,
          startAt: new Date(Date.now() - 3_600_000),
          endedAt: new Date(Date.now() - 1_000),
        });
      }
      // Two sales of the winner's lots at once (a close, and the seller accepting a reserve-not-met lot: neither
      // locks the event): the first holds its transaction open a moment after counting the deposit, the second
      // runs inside that moment. Without the registration's lock it would count the same deposit.
      const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
      const outcomes = await settle([
        pools[0].transaction(async (tx) => {
          await createAuctionOrder(tx, lotIds[0] as string, depsOf(pools[0]));
          await pause(400);
        }),
        pause(100).then(() =>
          pools[1].transaction((tx) => createAuctionOrder(tx, lotIds[1] as string, depsOf(pools[1]))),
        ),
      ]);
      expect(outcomes).toEqual(['ok', 'ok']);
      const made = await pools[0]
        .select({ deposit: orders.depositApplied })
        .from(orders)
        .where(inArray(orders.soleLotId, lotIds));
      expect(made).toHaveLength(2);
      expect(made.map((o) => o.deposit).sort((a, b) => a - b)).toEqual([0, 50_000]);
    }
  });
});
