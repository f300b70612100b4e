import { ORDER_STATUS } from '@lotline/contracts';
import type { Transaction } from '@lotline/db';
import { orders } from '@lotline/db/schema';
import { and, eq } from 'drizzle-orm';
import { AppError } from '../../lib/errors';
import { sellerOrderRow } from './order-access';
import { mailOrderRejected, type OrderMailDeps } from './order-mails';
import { cancelOrder } from './order-status';
import { type FlagOverrides, presentOrder } from './present-order';

/**
 * The seller rejects a buy-now order that awaits them, saying why: the order
 * is cancelled (`cancelOrder`, event `rejected`, the reason as its note), the
 * units go back on sale, and the buyer is told, in the caller's transaction.
 * Returns the lots whose stock came back (the caller publishes them after commit).
 */
export async function rejectOrder(
  tx: Transaction,
  deps: OrderMailDeps & { featureOverrides: FlagOverrides },
  userId: string,
  orderId: string,
  reason: string,
): Promise<string[]> {
  await sellerOrderRow(tx, userId, orderId);
  // Lock the row, then check: only an order still awaiting approval can be rejected.
  const [row] = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.approval, 'awaiting'), eq(orders.status, ORDER_STATUS.pending)))
    .for('update');
  if (!row) throw new AppError('CONFLICT', 'This order is not awaiting your approval.');
  const cancelled = await cancelOrder(tx, orderId, { event: 'rejected', note: reason, actorUserId: userId });
  if (!cancelled) throw new AppError('CONFLICT', 'This order is not awaiting your approval.');
  const order = await presentOrder(tx, orderId, deps.featureOverrides);
  if (!order) return [];
  await mailOrderRejected(tx, deps, order, reason);
  return order.lines.map((l) => l.eventLotId);
}
