import { ORDER_STATUS } from '@lotline/contracts';
import type { Executor } from '@lotline/db';
import { orderHistory, orderLines, orders } from '@lotline/db/schema';
import { and, eq, sql } from 'drizzle-orm';
import { changeLotStatus } from '../lots/change-lot-status';
import { returnStock } from './stock';

/**
 * The two ends of an order (contract §5: OrderPending → OrderPaid or
 * OrderCancelled), each one guarded UPDATE so that of two writers (a webhook
 * and the request that charged, a seller's rejection and the approval
 * deadline) exactly one moves it, and its history row and the lot's move go
 * with it. Inside the caller's transaction; the caller publishes the lot
 * change and sends the e-mails.
 */

export interface OrderStep {
  /** The history event: `paid`, `wire-received`; `rejected`, `cancelled`, `expired`. */
  event: string;
  note?: string | null;
  actorUserId?: string | null;
}

export interface SettledOrder {
  id: string;
  buyerUserId: string;
  companyId: string;
  source: string;
  soleLotId: string | null;
}

/** OrderPending → OrderPaid; a lot sold whole follows (OrderPending → OrderPaid). Null when not pending. */
export async function markOrderPaid(tx: Executor, orderId: string, step: OrderStep): Promise<SettledOrder | null> {
  const [row] = await tx
    .update(orders)
    .set({ status: ORDER_STATUS.paid, paidAt: sql`now()`, updatedAt: sql`now()`, paymentError: null })
    .where(and(eq(orders.id, orderId), eq(orders.status, ORDER_STATUS.pending), eq(orders.approval, 'approved')))
    .returning(settledColumns);
  if (!row) return null;
  await tx.insert(orderHistory).values({ orderId, status: ORDER_STATUS.paid, ...historyOf(step) });
  if (row.soleLotId) await changeLotStatus(tx, row.soleLotId, 'pay');
  return row;
}

/**
 * OrderPending → OrderCancelled (a rejection, the approval deadline, an unpaid
 * order cancelled). A buy-now or offer order gives its units back (the item is
 * on sale again before its end); a lot sold whole follows to OrderCancelled.
 * `rejected` also marks the seller's approval so. Null when not pending.
 */
export async function cancelOrder(tx: Executor, orderId: string, step: OrderStep): Promise<SettledOrder | null> {
  const [row] = await tx
    .update(orders)
    .set({
      status: ORDER_STATUS.cancelled,
      cancelledAt: sql`now()`,
      updatedAt: sql`now()`,
      ...(step.event === 'rejected' || step.event === 'expired' ? { approval: 'rejected' as const } : {}),
    })
    .where(and(eq(orders.id, orderId), eq(orders.status, ORDER_STATUS.pending)))
    .returning(settledColumns);
  if (!row) return null;
  await tx.insert(orderHistory).values({ orderId, status: ORDER_STATUS.cancelled, ...historyOf(step) });
  if (row.soleLotId) {
    await changeLotStatus(tx, row.soleLotId, 'cancelOrder');
  } else {
    for (const line of await tx
      .select({ lotId: orderLines.eventLotId, quantity: orderLines.quantity })
      .from(orderLines)
      .where(eq(orderLines.orderId, orderId))) {
      await returnStock(tx, line.lotId, line.quantity);
    }
  }
  return row;
}

const settledColumns = {
  id: orders.id,
  buyerUserId: orders.buyerUserId,
  companyId: orders.companyId,
  source: orders.source,
  soleLotId: orders.soleLotId,
};

const historyOf = (step: OrderStep) => ({
  event: step.event,
  note: step.note ?? null,
  actorUserId: step.actorUserId ?? null,
});
