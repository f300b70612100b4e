import type { Transaction } from '@lotline/db';
import { AppError } from '../../lib/errors';
import { changeOrder } from './change-order';
import { sellerOrderRow } from './order-access';
import { mailOrderRejected, type OrderMailDeps } from './order-mails';
import { type FlagOverrides, presentOrder } from './present-order';

/**
 * The seller rejects a buy-now order that awaits them, saying why: the order
 * is cancelled (the lifecycle's `reject`, the reason as its note), the
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
  if (!(await changeOrder(tx, orderId, 'reject', { note: reason, actorUserId: userId })))
    throw new AppError('CONFLICT', 'This order is not awaiting your approval.');
  const order = await presentOrder(tx, orderId, deps.featureOverrides);
  if (!order) return [];
  await mailOrderRejected(tx, deps, order, reason);
  return order.lines.map((l) => l.eventLotId);
}
