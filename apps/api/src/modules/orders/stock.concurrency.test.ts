import type { Database } from '@lotline/db';
import { eventLots } from '@lotline/db/schema';
import { LOT_STATUS } from '@lotline/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endDueListings } from '../closing/end-due-listings';
import { buyNowConcurrencyScene, purchaseDepsFor } from '../purchases/concurrency-helpers';
import { purchaseItem } from '../purchases/purchase-item';
import { changeOrder } from './change-order';

/**
 * Units given back around a buy-now item's end, on PostgreSQL (skipped
 * without TEST_DATABASE_URL): ten orders of a sold-out item are cancelled at
 * once through two pools (two API processes) while the lot clock's
 * `endDueListings` runs beside them. Whatever the interleaving, no unit is
 * lost, nothing deadlocks, and once the clock has run the item is Ended with
 * every unit back and its close recorded: never Sold with units, never Active
 * after its end.
 */

const baseUrl = process.env.TEST_DATABASE_URL;
const UNITS = 10;

let scene: Awaited<ReturnType<typeof buyNowConcurrencyScene>>;
let pools: [Database, Database];

describe.skipIf(!baseUrl)('returning units around the end while the clock runs (PostgreSQL)', () => {
  beforeAll(async () => {
    scene = await buyNowConcurrencyScene(baseUrl as string, UNITS, 'Concurrent Returns');
    pools = scene.pools;
  }, 120_000);

  afterAll(async () => {
    await scene?.close();
  });

  /** A buy-now item of UNITS units, sold out by one-unit orders of UNITS buyers. Answers the lot and the orders. */
  async function soldOutItem() {
    const lotId = await scene.item(UNITS);
    const orderIds: string[] = [];
    // Awaiting the seller: no card is charged, the orders stay pending until cancelled.
    const deps = purchaseDepsFor(pools[0], false);
    for (const userId of scene.buyerIds) {
      const { answer } = await purchaseItem(deps, { userId, lotId, body: { quantity: 1 }, idempotencyKey: undefined });
      expect(answer.status).toBe(201);
      orderIds.push((answer.body as { data: { order: { _id: string } } }).data.order._id);
    }
    expect(await lotOf(lotId)).toMatchObject({ status: LOT_STATUS.Sold, quantity: 0 });
    return { lotId, orderIds };
  }

  async function lotOf(lotId: string) {
    const [lot] = await pools[0]
      .select({ status: eventLots.status, quantity: eventLots.quantity, closedAt: eventLots.closedAt })
      .from(eventLots)
      .where(eq(eventLots.id, lotId));
    return lot;
  }

  /** Every order cancelled at once, alternating pools, with the clock's step running `sweeps` times beside them. */
  async function cancelAllWhileTheClockRuns(orderIds: string[], sweeps: number, delayMs: (i: number) => number) {
    const cancels = orderIds.map(async (orderId, i) => {
      await new Promise((resolve) => setTimeout(resolve, delayMs(i)));
      const db = pools[i % 2] as Database;
      return db.transaction((tx) => changeOrder(tx, orderId, 'reject'));
    });
    const clock = (async () => {
      for (let i = 0; i < sweeps; i++) {
        await endDueListings(pools[i % 2] as Database);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();
    const [settled] = await Promise.all([Promise.all(cancels), clock]);
    for (const cancelled of settled) expect(cancelled).not.toBeNull();
  }

  it('every order cancelled at once after the end: Ended with all ten units, its close recorded', async () => {
    const { lotId, orderIds } = await soldOutItem();
    await pools[0].update(eventLots).set({ endedAt: sql`now() - interval '1 second'` }).where(eq(eventLots.id, lotId));
    await cancelAllWhileTheClockRuns(orderIds, 10, () => 0);
    const lot = await lotOf(lotId);
    expect(lot).toMatchObject({ status: LOT_STATUS.Ended, quantity: UNITS });
    expect(lot?.closedAt).not.toBeNull();
    // Nothing left for the clock: the item is not Active after its end.
    expect(await endDueListings(pools[0])).toEqual([]);
  }, 60_000);

  it('the end falls while the units come back: once the clock ran, Ended with all ten units', async () => {
    const { lotId, orderIds } = await soldOutItem();
    // The end a quarter of a second ahead by the database clock; the returns spread over half a second.
    await pools[0]
      .update(eventLots)
      .set({ endedAt: sql`now() + interval '250 milliseconds'` })
      .where(eq(eventLots.id, lotId));
    await cancelAllWhileTheClockRuns(orderIds, 25, (i) => i * 50);
    // A return before the end may have put the item on sale again (restock); the clock's next run ends it then.
    await new Promise((resolve) => setTimeout(resolve, 300));
    await endDueListings(pools[1]);
    const lot = await lotOf(lotId);
    expect(lot).toMatchObject({ status: LOT_STATUS.Ended, quantity: UNITS });
    expect(lot?.closedAt).not.toBeNull();
  }, 60_000);
});
