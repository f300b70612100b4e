import { randomUUID } from 'node:crypto';
import type { Database } from '@lotline/db';
import { companies, eventLots, orderLines, orders, users } from '@lotline/db/schema';
import { createPostgresTestDatabase } from '@lotline/db/testing';
import { LOT_STATUS } from '@lotline/domain';
import { eq } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededRandom } from '../../test/random';
import { createOutboxMailer } from '../mail/outbox-mailer';
import { type PurchaseDeps, purchaseItem } from './purchase-item';

/**
 * Issue 15's oversell test, on PostgreSQL (skipped without TEST_DATABASE_URL):
 * 40 buyers through two pools of 10 connections (two API processes) buy the
 * last units of one item at once. Exactly the units there were are sold, the
 * quantity never goes below zero, the orders' quantities add up to the units
 * taken, and every refusal is OUT_OF_STOCK and left no order behind.
 */

const baseUrl = process.env.TEST_DATABASE_URL;
const BUYERS = 40;

let pools: [Database, Database];
let close: () => Promise<void>;
let companyId: string;
const buyerIds: string[] = [];

const depsFor = (db: Database): PurchaseDeps => ({
  db,
  featureOverrides: { BUY_NOW_AUTO_APPROVE: true, BUY_NOW_INVOICES: true },
  mailer: createOutboxMailer(db, pino({ level: 'silent' })),
  publicOrigin: 'https://lotline.test',
});

describe.skipIf(!baseUrl)('buying the last units concurrently (PostgreSQL)', () => {
  beforeAll(async () => {
    const fresh = await createPostgresTestDatabase(baseUrl as string, { processes: 2, poolSize: 10 });
    pools = fresh.handles.map((h) => h.db) as [Database, Database];
    close = fresh.cleanup;
    companyId = `co_${randomUUID()}`;
    await pools[0].insert(companies).values({ id: companyId, slug: companyId, name: 'Concurrent Sales' });
    for (let i = 0; i < BUYERS; i++) {
      const id = `user_${randomUUID()}`;
      buyerIds.push(id);
      await pools[0].insert(users).values({ id, email: `${id}@example.com`, name: `Buyer ${i}`, verified: true });
    }
  }, 120_000);

  afterAll(async () => {
    await close?.();
  });

  async function item(quantity: number) {
    const id = `lot_${randomUUID()}`;
    await pools[0].insert(eventLots).values({
      id,
      companyId,
      number: id,
      name: id,
      type: 'BuyItNowItem',
      status: LOT_STATUS.Active,
      quantity,
      buyItNowPrice: 5_000,
      startAt: new Date(Date.now() - 3_600_000),
      endedAt: new Date(Date.now() + 86_400_000),
    });
    return id;
  }

  async function buyAll(lotId: string, quantities: number[]) {
    return Promise.all(
      buyerIds.map((userId, i) =>
        purchaseItem(depsFor(pools[i % 2] as Database), {
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
