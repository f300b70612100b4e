import type { Database } from '@lotline/db';
import { orderHistory, orderPayments, orders, users } from '@lotline/db/schema';
import { createTestDatabase } from '@lotline/db/testing';
import {
  afterOrderMove,
  canMoveOrder,
  ORDER_APPROVALS,
  ORDER_FULFILMENTS,
  ORDER_MOVES,
  ORDER_RECORD_STATUSES,
  type OrderMove,
  type OrderMoveName,
  type OrderState,
} from '@lotline/domain';
import { count, eq, sql } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Factories, factories, uniqueId } from '../../test/factories';
import { createOutboxMailer } from '../mail/outbox-mailer';
import { changeOrder } from './change-order';
import { createOrder } from './create-order';

/**
 * The one writer of an order's state against the lifecycle (issue 25): from every combination of status,
 * approval and fulfilment, every move either does exactly what ORDER_MOVES says (one history row, the stamps)
 * or is refused (null) and changes nothing, not even `updated_at`. The deadlines (approval, payment window) are the
 * database clock's; cancelling waits for money in flight.
 */

let handle: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Database;
let make: Factories;
let orderId: string;

beforeAll(async () => {
  handle = await createTestDatabase();
  db = handle.db;
  make = factories(db);
  const event = await make.event({ buyersPremiumBps: 1000 });
  const lot = await make.lot({
    companyId: event.companyId,
    eventId: event.id,
    type: 'BuyItNowItem',
    buyItNowPrice: 10_000,
    quantity: 5,
  });
  const buyerId = uniqueId('u');
  await db.insert(users).values({ id: buyerId, email: `${buyerId}@example.test`, name: 'Buyer' });
  const mail = { mailer: createOutboxMailer(db, pino({ level: 'silent' })), publicOrigin: 'https://lotline.test' };
  const created = await db.transaction((tx) =>
    createOrder(
      tx,
      { source: 'buy-now', buyerUserId: buyerId, lotId: lot.id, quantity: 1, unitPrice: 10_000, approval: 'approved' },
      mail,
    ),
  );
  orderId = created.id;
});
afterAll(() => handle.cleanup());

const EVERY_STATE: OrderState[] = ORDER_RECORD_STATUSES.flatMap((status) =>
  ORDER_APPROVALS.flatMap((approval) => ORDER_FULFILMENTS.map((fulfilment) => ({ status, approval, fulfilment }))),
);
const MOVES = Object.keys(ORDER_MOVES) as OrderMoveName[];

/** Puts the order in `state` (a test may write the row directly), with its deadline ahead or passed. */
async function putOrderIn(state: OrderState, deadline: 'ahead' | 'passed') {
  await db
    .update(orders)
    .set({
      ...state,
      approvalDueAt: sql`now() + ${deadline === 'ahead' ? sql`interval '1 day'` : sql`interval '-1 minute'`}`,
      paymentDueAt: sql`now() + ${deadline === 'ahead' ? sql`interval '1 day'` : sql`interval '-1 minute'`}`,
      paidAt: null,
      cancelledAt: null,
      fulfilledAt: null,
      updatedAt: sql`'2000-01-01T00:00:00Z'`,
    })
    .where(eq(orders.id, orderId));
}

async function stored() {
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
  const [history] = await db.select({ n: count() }).from(orderHistory).where(eq(orderHistory.orderId, orderId));
  if (!row) throw new Error('the order is gone');
  return { row, history: history?.n ?? 0 };
}

describe('changeOrder', () => {
  it('moves an order exactly as the lifecycle allows, from every state, and refuses every other move', async () => {
    let moved = 0;
    for (const state of EVERY_STATE)
      for (const move of MOVES) {
        // Each move is tried on the side of the deadline it may act on (the deadline's own test is below).
        await putOrderIn(state, (ORDER_MOVES[move] as OrderMove).deadline?.is === 'passed' ? 'passed' : 'ahead');
        const before = await stored();
        const answer = await db.transaction((tx) => changeOrder(tx, orderId, move, { note: `test ${move}` }));
        const after = await stored();
        const what = `${move} from ${JSON.stringify(state)}`;
        if (!canMoveOrder(state, move)) {
          expect(answer, what).toBeNull();
          expect(after, what).toEqual(before);
          continue;
        }
        moved++;
        const expected = afterOrderMove(state, move);
        expect(answer, what).toMatchObject({ id: orderId, ...expected });
        expect(
          { status: after.row.status, approval: after.row.approval, fulfilment: after.row.fulfilment },
          what,
        ).toEqual(expected);
        expect(after.history, what).toBe(before.history + 1);
        expect(after.row.updatedAt.getTime(), what).toBeGreaterThan(before.row.updatedAt.getTime());
        // The stamps of what the move changed (the row was put in its state without any).
        if (expected.status !== state.status && expected.status === 'OrderPaid')
          expect(after.row.paidAt, what).not.toBeNull();
        if (expected.status !== state.status && expected.status === 'OrderCancelled')
          expect(after.row.cancelledAt, what).not.toBeNull();
        if (expected.fulfilment !== state.fulfilment) expect(after.row.fulfilledAt, what).not.toBeNull();
      }
    // Each move is allowed from some state: none of them is dead.
    expect(moved).toBeGreaterThanOrEqual(MOVES.length);
  });

  it('writes the move’s history event with its note and actor', async () => {
    await putOrderIn({ status: 'OrderPending', approval: 'awaiting', fulfilment: 'none' }, 'ahead');
    const seller = uniqueId('u');
    await db.insert(users).values({ id: seller, email: `${seller}@example.test`, name: 'Seller' });
    await db.transaction((tx) => changeOrder(tx, orderId, 'reject', { note: 'Sold elsewhere.', actorUserId: seller }));
    const [last] = await db
      .select()
      .from(orderHistory)
      .where(eq(orderHistory.orderId, orderId))
      .orderBy(sql`${orderHistory.id} desc`)
      .limit(1);
    expect(last).toMatchObject({
      event: 'rejected',
      status: 'OrderCancelled',
      note: 'Sold elsewhere.',
      actorUserId: seller,
    });
  });

  it('approves only before the deadline and expires only after it, by the database clock', async () => {
    const awaiting: OrderState = { status: 'OrderPending', approval: 'awaiting', fulfilment: 'none' };
    await putOrderIn(awaiting, 'passed');
    expect(await db.transaction((tx) => changeOrder(tx, orderId, 'approve'))).toBeNull();
    await putOrderIn(awaiting, 'ahead');
    expect(await db.transaction((tx) => changeOrder(tx, orderId, 'expireApproval'))).toBeNull();
    expect(await db.transaction((tx) => changeOrder(tx, orderId, 'approve'))).not.toBeNull();
    expect((await stored()).row.approvalDueAt).toBeNull();
  });

  it('expires an unpaid order only after its payment window, and cancels nothing while money is in flight', async () => {
    const approved: OrderState = { status: 'OrderPending', approval: 'approved', fulfilment: 'none' };
    await putOrderIn(approved, 'ahead');
    expect(await db.transaction((tx) => changeOrder(tx, orderId, 'expirePayment'))).toBeNull();
    await putOrderIn(approved, 'passed');
    const paymentId = uniqueId('opay');
    await db.insert(orderPayments).values({
      id: paymentId,
      orderId,
      kind: 'charge',
      amount: 100,
      currency: 'USD',
      status: 'processing',
    });
    for (const move of ['expirePayment', 'cancel'] as const)
      expect(await db.transaction((tx) => changeOrder(tx, orderId, move)), move).toBeNull();
    await db.update(orderPayments).set({ status: 'failed' }).where(eq(orderPayments.id, paymentId));
    expect(await db.transaction((tx) => changeOrder(tx, orderId, 'expirePayment'))).toMatchObject({
      status: 'OrderCancelled',
    });
  });

  it('starts the payment window at the approval, from the event’s payment_window_days', async () => {
    await putOrderIn({ status: 'OrderPending', approval: 'awaiting', fulfilment: 'none' }, 'ahead');
    await db.transaction((tx) => changeOrder(tx, orderId, 'approve'));
    const [row] = await db
      .select({ days: sql<number>`round(extract(epoch from (${orders.paymentDueAt} - now())) / 86400)::int` })
      .from(orders)
      .where(eq(orders.id, orderId));
    // The order's event keeps the default window of 5 days.
    expect(row?.days).toBe(5);
  });

  it('refuses a move the lifecycle does not name, changing nothing', async () => {
    await putOrderIn({ status: 'OrderPending', approval: 'approved', fulfilment: 'none' }, 'ahead');
    const before = await stored();
    await expect(db.transaction((tx) => changeOrder(tx, orderId, 'refund' as OrderMoveName))).rejects.toMatchObject({
      code: 'CONFLICT',
    });
    await expect(db.transaction((tx) => changeOrder(tx, orderId, 'toString' as OrderMoveName))).rejects.toMatchObject({
      code: 'CONFLICT',
    });
    expect(await stored()).toEqual(before);
  });
});
