import { randomUUID } from 'node:crypto';
import type { Database } from '@lotline/db';
import { eventLots, orderLines, orders } from '@lotline/db/schema';
import { LOT_STATUS } from '@lotline/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededRandom } from '../../test/random';
import { buyNowConcurrencyScene, purchaseDepsFor } from './concurrency-helpers';
import { purchaseItem } from './purchase-item';

/**
 * Issue 15's oversell test, on PostgreSQL (skipped without TEST_DATABASE_URL):
 * 40 buyers through two pools of 10 connections (two API processes) buy the
 * last units of one item at once. Exactly the units there were are sold, the
 * quantity never goes below zero, the orders' quantities add up to the units
 * taken, and every refusal is OUT_OF_STOCK and left no order behind.
 */

const baseUrl = process.env.TEST_DATABASE_URL;
const BUYERS = 40;

let scene: Awaited<ReturnType<typeof buyNowConcurrencyScene>>;
let pools: [Database, Database];
let buyerIds: string[];

describe.skipIf(!baseUrl)('buying the last units concurrently (PostgreSQL)', () => {
  beforeAll(async () => {
    scene = await buyNowConcurrencyScene(baseUrl as string, BUYERS, 'Concurrent Sales');
    ({ pools, buyerIds } = scene);
  }, 120_000);

  afterAll(async () => {
    await scene?.close();
  });

  const item = (quantity: number) => scene.item(quantity);

  async function buyAll(lotId: string, quantities: number[]) {
    return Promise.all(
      buyerIds.map((userId, i) =>
        purchaseItem(purchaseDepsFor(pools[i % 2] as Database, true), {
          userId,
          lotId,
          body: { quantity: quantities[i] as number },
          idempotencyKey: `k_${randomUUID()}`,
        }),
      ),
    );
  }

  async function soldState(lotId: string) {
    const [lot] = await pools[0]
      .select({ quantity: eventLots.quantity, status: eventLots.status })
      .from(eventLots)
      .where(eq(eventLots.id, lotId));
    const lines = await pools[0]
      .select({ quantity: orderLines.quantity, buyer: orders.buyerUserId })
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .where(eq(orderLines.eventLotId, lotId));
    return { lot, lines, sold: lines.reduce((sum, l) => sum + l.quantity, 0) };
  }

  it('40 buyers of one unit each, 7 units: exactly 7 orders, the item sold out, 33 OUT_OF_STOCK', async () => {
    const lotId = await item(7);
    const results = await buyAll(lotId, Array(BUYERS).fill(1));
    const created = results.filter((r) => r.answer.status === 201);
    const refused = results.filter((r) => r.answer.status !== 201);
    expect(created).toHaveLength(7);
    for (const r of refused) {
      expect(r.answer.status).toBe(409);
      expect(JSON.stringify(r.answer.body)).toContain('OUT_OF_STOCK');
      expect(r.effects).toBeNull();
    }
    const { lot, lines, sold } = await soldState(lotId);
    expect(lot).toEqual({ quantity: 0, status: LOT_STATUS.Sold });
    expect(sold).toBe(7);
    expect(new Set(lines.map((l) => l.buyer)).size).toBe(7);
  }, 60_000);

  it('mixed quantities (1–3) for 12 units: never below zero, orders add up to the units taken', async () => {
    const random = seededRandom(15);
    const quantities = buyerIds.map(() => 1 + random.int(3));
    const lotId = await item(12);
    const results = await buyAll(lotId, quantities);
    const { lot, sold } = await soldState(lotId);
    expect(lot?.quantity).toBeGreaterThanOrEqual(0);
    expect(sold + (lot?.quantity ?? 0)).toBe(12);
    const asked = results.flatMap((r, i) => (r.answer.status === 201 ? [quantities[i] as number] : []));
    expect(asked.reduce((a, b) => a + b, 0)).toBe(sold);
    for (const r of results.filter((x) => x.answer.status !== 201)) {
      expect(JSON.stringify(r.answer.body)).toContain('OUT_OF_STOCK');
    }
    // Everyone refused asked for more than what was left at the end: nothing was refused that could be sold.
    const refusedAsks = results.flatMap((r, i) => (r.answer.status === 201 ? [] : [quantities[i] as number]));
    for (const q of refusedAsks) expect(q).toBeGreaterThan(lot?.quantity ?? 0);
  }, 60_000);
});
