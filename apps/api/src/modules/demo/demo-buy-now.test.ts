import { eventLots, orderLines, orders, users } from '@lotline/db/schema';
import { seedDatabase } from '@lotline/db/seed';
import { createTestDatabase } from '@lotline/db/testing';
import { LOT_STATUS } from '@lotline/domain';
import { eq, inArray } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createOutboxMailer } from '../mail/outbox-mailer';
import { SandboxPaymentProvider } from '../payments/sandbox/sandbox-provider';
import { demoBuyNow } from './demo-buy-now';

let handle: Awaited<ReturnType<typeof createTestDatabase>>;
const lines: string[] = [];

beforeAll(async () => {
  handle = await createTestDatabase();
  await seedDatabase(handle.db, { lots: 400, now: new Date() });
  await demoBuyNow({
    db: handle.db,
    config: { publicOrigin: 'http://localhost:3000', featureOverrides: { BUY_NOW_AUTO_APPROVE: true } },
    mailer: createOutboxMailer(handle.db, pino({ level: 'silent' })),
    provider: new SandboxPaymentProvider(handle.db, 'http://localhost:3000'),
    logger: { info: (l) => lines.push(l) },
  });
}, 180_000);

afterAll(async () => {
  await handle.cleanup();
});

it('buys through the purchase use-case: buy-now orders, two items sold out, never by the e2e people', async () => {
  expect(lines).toEqual([expect.stringMatching(/^demo buy-now: \d+ items with small stock, 3 purchases$/)]);
  const made = await handle.db
    .select({ status: orders.status, source: orders.source, email: users.email, lotId: orderLines.eventLotId })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.buyerUserId))
    .innerJoin(orderLines, eq(orderLines.orderId, orders.id));
  expect(made).toHaveLength(3);
  for (const o of made) {
    expect(o.source).toBe('buy-now');
    expect(['OrderPaid', 'OrderPending']).toContain(o.status);
    expect(o.email).not.toMatch(/^(bidder\d|buyer)@example\.com$/);
  }
  const lots = await handle.db
    .select({ quantity: eventLots.quantity, status: eventLots.status })
    .from(eventLots)
    .where(
      inArray(
        eventLots.id,
        made.map((o) => o.lotId),
      ),
    );
  expect(lots.filter((l) => l.status === LOT_STATUS.Sold && l.quantity === 0)).toHaveLength(2);
});
