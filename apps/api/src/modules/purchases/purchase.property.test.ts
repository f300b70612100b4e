import { eventLots, users } from '@lotline/db/schema';
import { LOT_STATUS } from '@lotline/domain';
import { eq } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { seededRandom } from '../../test/random';
import { createOutboxMailer } from '../mail/outbox-mailer';
import { changeOrder } from '../orders/change-order';
import { type PurchaseDeps, purchaseItem } from './purchase-item';
import { buyNowItem } from './test-helpers';

/**
 * The stock against an independent model (PGlite): random purchases of 1–4
 * units and cancellations of live orders, in random order, one at a time. The
 * model is the plain arithmetic of a shelf: a purchase succeeds exactly when
 * enough units are left, a cancellation puts the units back, the item is Sold
 * exactly when none are left. After every step the database agrees with it.
 */

let t: TestApp;
let deps: PurchaseDeps;
const buyers: string[] = [];
beforeAll(async () => {
  t = await createTestApp();
  deps = {
    db: t.db,
    featureOverrides: { BUY_NOW_AUTO_APPROVE: false, BUY_NOW_INVOICES: true },
    mailer: createOutboxMailer(t.db, pino({ level: 'silent' })),
    publicOrigin: 'https://lotline.test',
  };
  for (let i = 0; i < 4; i++) {
    const id = `buyer_prop_${i}`;
    await t.db.insert(users).values({ id, email: `${id}@example.com`, name: id, verified: true });
    buyers.push(id);
  }
});
afterAll(() => t.close());

describe('stock against a model (random purchases and cancellations)', () => {
  for (const seed of [1, 2, 3, 4, 5]) {
    it(`seed ${seed}`, async () => {
      const random = seededRandom(seed);
      const initial = 1 + random.int(8);
      const lot = await buyNowItem(t, { quantity: initial });
      let stock = initial;
      const live: { id: string; quantity: number }[] = [];
      for (let step = 0; step < 30; step++) {
        if (live.length > 0 && random.next() < 0.3) {
          const [order] = live.splice(random.int(live.length), 1);
          if (!order) continue;
          // Awaiting the seller (auto-approve off): the seller turns it down.
          const cancelled = await t.db.transaction((tx) => changeOrder(tx, order.id, 'reject'));
          expect(cancelled).not.toBeNull();
          stock += order.quantity;
        } else {
          const quantity = 1 + random.int(4);
          const { answer } = await purchaseItem(deps, {
            userId: random.pick(buyers),
            lotId: lot.id,
            body: { quantity },
            idempotencyKey: undefined,
          });
          const body = answer.body as { data?: { order: { _id: string } }; errors?: { code: string }[] };
          if (quantity <= stock) {
            expect(answer.status).toBe(201);
            live.push({ id: body.data?.order._id as string, quantity });
            stock -= quantity;
          } else {
            expect(answer.status).toBe(409);
            expect(body.errors?.[0]?.code).toBe('OUT_OF_STOCK');
          }
        }
        const [row] = await t.db
          .select({ quantity: eventLots.quantity, status: eventLots.status })
          .from(eventLots)
          .where(eq(eventLots.id, lot.id));
        expect(row).toEqual({ quantity: stock, status: stock === 0 ? LOT_STATUS.Sold : LOT_STATUS.Active });
      }
    });
  }
});
