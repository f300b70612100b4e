import type { Transaction } from '@lotline/db';
import { AppError } from '../../lib/errors';
import { recordAudit } from '../audit/record-audit';
import { changeOrder } from './change-order';
import { sellerOrderRow } from './order-access';
import { mailOrderRejected, type OrderMailDeps } from './order-mails';
import { type FlagOverrides, presentOrder } from './present-order';

/**
 * The seller rejects a buy-now order that awaits them, saying why: the order
 * is cancelled (the lifecycle's `reject`, the reason as its note), the
 * units go back on sale, and the buyer is told, in the caller's transaction,
 * which also records it in the audit log: it takes a sale from the buyer (decision 0088).
 * Returns the lots whose stock came back (the caller publishes them after commit).
 */
export async function rejectOrder(
  tx: Transaction,
  deps: OrderMailDeps & { featureOverrides: FlagOverrides },
  userId: string,
  orderId: string,
  reason: string,
): Promise<string[]> {
  const row = await sellerOrderRow(tx, userId, orderId);
  if (!(await changeOrder(tx, orderId, 'reject', { note: reason, actorUserId: userId })))
    throw new AppError('CONFLICT', 'This order is not awaiting your approval.');
  const order = await presentOrder(tx, orderId, deps.featureOverrides);
  if (!order) return [];
  await recordAudit(tx, {
    actorId: userId,
    action: 'order.reject',
    targetType: 'order',
    targetId: orderId,
    before: { status: row.status },
    after: { status: order.status, reason },
  });
  await mailOrderRejected(tx, deps, order, reason);
  return order.lines.map((l) => l.eventLotId);
}
