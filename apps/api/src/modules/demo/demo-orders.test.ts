import { orders, users } from '@lotline/db/schema';
import { seedDatabase } from '@lotline/db/seed';
import { createTestDatabase } from '@lotline/db/testing';
import { eq } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createOutboxMailer } from '../mail/outbox-mailer';
import { demoOrders } from './demo-orders';

let handle: Awaited<ReturnType<typeof createTestDatabase>>;
const lines: string[] = [];

beforeAll(async () => {
  handle = await createTestDatabase();
  await seedDatabase(handle.db, { lots: 400, now: new Date() });
  const mailer = createOutboxMailer(handle.db, pino({ level: 'silent' }));
  await demoOrders({
    db: handle.db,
    mail: { mailer, publicOrigin: 'http://localhost:3000' },
    log: (l) => lines.push(l),
  });
}, 180_000);

afterAll(() => handle.cleanup());

it('makes one order in each state for reseller@example.com through the use-cases', async () => {
  expect(lines).toEqual([
    'demo orders: 4 orders for reseller@example.com (awaiting approval, rejected, paid, shipped)',
  ]);
  const rows = await handle.db
    .select({ status: orders.status, approval: orders.approval, fulfilment: orders.fulfilment })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.buyerUserId))
    .where(eq(users.email, 'reseller@example.com'));
  expect(rows).toEqual(
    expect.arrayContaining([
      { status: 'OrderPending', approval: 'awaiting', fulfilment: 'none' },
      { status: 'OrderCancelled', approval: 'rejected', fulfilment: 'none' },
      { status: 'OrderPaid', approval: 'approved', fulfilment: 'none' },
      { status: 'OrderPaid', approval: 'approved', fulfilment: 'shipped' },
    ]),
  );
  expect(rows).toHaveLength(4);
});
