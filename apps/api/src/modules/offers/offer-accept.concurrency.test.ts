import { randomUUID } from 'node:crypto';
import type { Database } from '@lotline/db';
import { companies, companyMembers, eventLots, offers, orderLines, orders, users } from '@lotline/db/schema';
import { createPostgresTestDatabase } from '@lotline/db/testing';
import { LOT_STATUS } from '@lotline/domain';
import { eq, inArray } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isAppError } from '../../lib/errors';
import { createOutboxMailer } from '../mail/outbox-mailer';
import { createOrder } from '../orders/create-order';
import { takeStock } from '../orders/stock';
import { SandboxPaymentProvider } from '../payments/sandbox/sandbox-provider';
import { acceptOffer } from './accept-offer';
import { makeOffer } from './make-offer';

/**
 * Offers accepted while other sessions buy the same lot's last units, on
 * PostgreSQL (skipped without TEST_DATABASE_URL), through two pools (two API
 * processes). The purchase use-case is the buy-now slice's and not on this
 * branch: a purchase here is what its route does in one transaction,
 * `takeStock` then `createOrder`. Never oversold; every accepted offer has its
 * units and order; a refused acceptance leaves its offer pending and no order.
 */

const baseUrl = process.env.TEST_DATABASE_URL;
const STOCK = 12;
const OFFERS = 10;
const PURCHASES = 12;

let pools: [Database, Database];
let close: () => Promise<void>;

describe.skipIf(!baseUrl)('accepting offers while others buy (PostgreSQL)', () => {
  beforeAll(async () => {
    const fresh = await createPostgresTestDatabase(baseUrl as string, { processes: 2, poolSize: 8 });
    pools = fresh.handles.map((h) => h.db) as [Database, Database];
    close = fresh.cleanup;
  }, 120_000);
  afterAll(async () => {
    await close?.();
  });

  it('never oversells, gives every accepted offer its units and order, and a refusal changes nothing', async () => {
    const [db] = pools;
    const mail = { mailer: createOutboxMailer(db, pino({ level: 'silent' })), publicOrigin: 'https://lotline.test' };
    const companyId = `co_${randomUUID()}`;
    const lotId = `lot_${randomUUID()}`;
    const sellerId = `user_${randomUUID()}`;
    await db.insert(companies).values({ id: companyId, slug: companyId, name: 'Concurrent Sales' });
    await db
      .insert(users)
      .values({ id: sellerId, email: `${sellerId}@example.com`, name: 'Seller', roles: ['seller'] });
    await db.insert(companyMembers).values({ companyId, userId: sellerId });
    await db.insert(eventLots).values({
      id: lotId,
      companyId,
      number: '1',
      name: 'Pallet of pumps',
      type: 'BuyItNowItem',
      status: LOT_STATUS.Active,
      bestOfferEnabled: true,
      buyItNowPrice: 100_000,
      quantity: STOCK,
      startAt: new Date(Date.now() - 3_600_000),
      endedAt: new Date(Date.now() + 86_400_000),
    });
    const buyer = async (i: number) => {
      const id = `user_${randomUUID()}`;
      await db.insert(users).values({ id, email: `${id}@example.com`, name: `Buyer ${i}`, verified: true });
      return id;
    };
    const offerIds: string[] = [];
    const units = new Map<string, number>();
    for (let i = 0; i < OFFERS; i++) {
      const quantity = (i % 2) + 1;
      const answer = await makeOffer(db, mail, {
        userId: await buyer(i),
        lotId,
        body: { amount: 60_000 + i, quantity },
        idempotencyKey: undefined,
      });
      const id = (answer.body as { data: { offer: { _id: string } } }).data.offer._id;
      offerIds.push(id);
      units.set(id, quantity);
    }
    const purchasers = await Promise.all(Array.from({ length: PURCHASES }, (_, i) => buyer(100 + i)));

    const accepts = offerIds.map((offerId, i) => {
      const pool = pools[i % 2] as Database;
      return acceptOffer(
        {
          db: pool,
          ...mail,
          provider: new SandboxPaymentProvider(pool, mail.publicOrigin),
          log: pino({ level: 'silent' }),
        },
        { offerId, actor: { side: 'seller', userId: sellerId }, scope: `accept ${offerId}`, idempotencyKey: undefined },
      );
    });
    const purchases = purchasers.map((userId, i) =>
      (pools[(i + 1) % 2] as Database)
        .transaction(async (tx) => {
          if (!(await takeStock(tx, lotId, 1))) return false;
          await createOrder(
            tx,
            { source: 'buy-now', buyerUserId: userId, lotId, quantity: 1, unitPrice: 100_000, approval: 'approved' },
            mail,
          );
          return true;
        })
        .catch((err) => {
          if (isAppError(err)) return false;
          throw err;
        }),
    );
    const [acceptAnswers, bought] = await Promise.all([Promise.all(accepts), Promise.all(purchases)]);

    const accepted = offerIds.filter((_, i) => acceptAnswers[i]?.status === 200);
    const refused = offerIds.filter((_, i) => acceptAnswers[i]?.status !== 200);
    for (const answer of acceptAnswers) expect([200, 409]).toContain(answer.status);
    const offersSold = accepted.reduce((sum, id) => sum + (units.get(id) ?? 0), 0);
    const boughtCount = bought.filter(Boolean).length;
    expect(accepted.length).toBeGreaterThan(0);
    expect(refused.length + boughtCount).toBeGreaterThan(0);

    const [lot] = await db.select().from(eventLots).where(eq(eventLots.id, lotId));
    expect(lot?.quantity).toBeGreaterThanOrEqual(0);
    expect(offersSold + boughtCount).toBe(STOCK - (lot?.quantity ?? 0));
    if (lot?.quantity === 0) expect(lot.status).toBe(LOT_STATUS.Sold);
    // Something had to give: more units were asked for than there were.
    expect(lot?.quantity).toBeLessThan(2);

    const lines = await db.select().from(orderLines).where(eq(orderLines.eventLotId, lotId));
    expect(lines.reduce((s, l) => s + l.quantity, 0)).toBe(STOCK - (lot?.quantity ?? 0));
    const rows = await db.select().from(offers).where(inArray(offers.id, offerIds));
    for (const row of rows) {
      if (accepted.includes(row.id)) {
        expect(row.status).toBe('accepted');
        const [order] = await db
          .select()
          .from(orders)
          .where(eq(orders.id, row.orderId ?? ''));
        expect(order).toMatchObject({ offerId: row.id, source: 'offer' });
        const [line] = await db
          .select()
          .from(orderLines)
          .where(eq(orderLines.orderId, row.orderId ?? ''));
        expect(line).toMatchObject({ quantity: units.get(row.id), unitPrice: row.amount });
      } else {
        expect(row).toMatchObject({ status: 'pending', orderId: null });
        const [order] = await db.select().from(orders).where(eq(orders.offerId, row.id));
        expect(order).toBeUndefined();
      }
    }
  }, 120_000);
});
