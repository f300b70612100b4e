import type { Database } from '@lotline/db';
import { orderPaymentStatus, orderPayments, users } from '@lotline/db/schema';
import { createTestDatabase } from '@lotline/db/testing';
import { PAYMENT_ATTEMPT_MOVES, PAYMENT_ATTEMPT_STATUSES, type PaymentAttemptMove } from '@lotline/domain';
import { eq, sql } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { factories, uniqueId } from '../../../test/factories';
import { createOutboxMailer } from '../../mail/outbox-mailer';
import { createOrder } from '../create-order';
import { changePayment, recordWirePayment, startPayment } from './change-payment';

/**
 * The one writer of payment attempts against the lifecycle (issue 25): from every status, every move either
 * does what PAYMENT_ATTEMPT_MOVES says or is refused (null) and changes nothing, not even `updated_at`.
 */

let handle: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Database;
let orderId: string;
const paymentId = uniqueId('opay');

beforeAll(async () => {
  handle = await createTestDatabase();
  db = handle.db;
  const make = factories(db);
  const lot = await make.lot({ type: 'BuyItNowItem', buyItNowPrice: 10_000, quantity: 5 });
  const buyerId = uniqueId('u');
  await db.insert(users).values({ id: buyerId, email: `${buyerId}@example.test`, name: 'Buyer' });
  const mail = { mailer: createOutboxMailer(db, pino({ level: 'silent' })), publicOrigin: 'https://lotline.test' };
  const order = await db.transaction((tx) =>
    createOrder(
      tx,
      { source: 'buy-now', buyerUserId: buyerId, lotId: lot.id, quantity: 1, unitPrice: 10_000, approval: 'approved' },
      mail,
    ),
  );
  orderId = order.id;
  await startPayment(db, { id: paymentId, orderId, kind: 'charge', amount: 10_000, currency: 'USD' });
});
afterAll(() => handle.cleanup());

const stored = async () => (await db.select().from(orderPayments).where(eq(orderPayments.id, paymentId)))[0];

describe('changePayment', () => {
  it('has the database’s statuses', () => {
    expect([...orderPaymentStatus.enumValues]).toEqual([...PAYMENT_ATTEMPT_STATUSES]);
  });

  it('moves an attempt exactly as the lifecycle allows, from every status, and refuses every other move', async () => {
    for (const status of PAYMENT_ATTEMPT_STATUSES)
      for (const move of Object.keys(PAYMENT_ATTEMPT_MOVES) as PaymentAttemptMove[]) {
        // Test data: the attempt put in `status` directly.
        await db
          .update(orderPayments)
          .set({ status, failureMessage: null, updatedAt: sql`'2000-01-01T00:00:00Z'` })
          .where(eq(orderPayments.id, paymentId));
        const before = await stored();
        const answer = await db.transaction((tx) => changePayment(tx, paymentId, move, { failureMessage: 'No.' }));
        const after = await stored();
        const rule = PAYMENT_ATTEMPT_MOVES[move];
        const what = `${move} from ${status}`;
        if (!(rule.from as readonly string[]).includes(status)) {
          expect(answer, what).toBeNull();
          expect(after, what).toEqual(before);
          continue;
        }
        expect(answer, what).toMatchObject({ orderId, amount: 10_000, currency: 'USD' });
        expect(after?.status, what).toBe(rule.to);
        expect(after?.failureMessage, what).toBe('No.');
        expect(after?.updatedAt.getTime(), what).toBeGreaterThan(before?.updatedAt.getTime() ?? 0);
      }
    await expect(
      db.transaction((tx) => changePayment(tx, paymentId, 'refund' as PaymentAttemptMove)),
    ).rejects.toMatchObject({
      code: 'CONFLICT',
    });
  });

  it('starts a charge processing and records a received wire as succeeded', async () => {
    const wireId = uniqueId('opay');
    await recordWirePayment(db, { id: wireId, orderId, amount: 500, currency: 'USD' });
    const [wire] = await db.select().from(orderPayments).where(eq(orderPayments.id, wireId));
    expect(wire).toMatchObject({ kind: 'wire', status: 'succeeded' });
  });
});
