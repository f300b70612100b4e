import { ORDER_STATUS } from '@lotline/contracts';
import type { Executor } from '@lotline/db';
import { orders } from '@lotline/db/schema';
import { isAwaitingApproval } from '@lotline/domain';
import { eq } from 'drizzle-orm';
import { AppError } from '../../lib/errors';
import { assertNotOwnCompany, assertNotOwnRecord } from '../../lib/own-record';
import { recordAudit } from '../audit/record-audit';
import { changeOrder } from './change-order';
import { sellerOrderRow } from './order-access';
import { mailOrderCancelled, type OrderMailDeps } from './order-mails';
import { type FlagOverrides, type OrderRow, presentOrder } from './present-order';

export type CancelDeps = OrderMailDeps & { featureOverrides: FlagOverrides };

/**
 * The seller (an approved order nobody pays) or staff (any unpaid order) cancels an order, saying why
 * (decision 0061): the lifecycle's `cancel`, the reason kept in the history, the units back on sale (a lot sold
 * whole becomes OrderCancelled; no second chance: that is for a winner who let the window pass), the buyer
 * told. Money already taken (a captured deposit) stays recorded on the order: the canceller refunds what is
 * owed through Refund. Refused while a payment or refund is in flight, so no charge lands on a cancelled order.
 * Returns the lots whose stock came back (the caller publishes them after commit).
 */
export async function cancelOrder(
  tx: Executor,
  deps: CancelDeps,
  by: { userId: string; as: 'seller' | 'staff' },
  orderId: string,
  reason: string,
): Promise<string[]> {
  const row = by.as === 'seller' ? await sellerOrderRow(tx, by.userId, orderId) : await anyOrderRow(tx, orderId);
  if (by.as === 'staff') {
    // Four eyes: not an order staff bought, nor one of a company they belong to (decision 0091).
    assertNotOwnRecord(by.userId, row.buyerUserId);
    await assertNotOwnCompany(tx, by.userId, row.companyId);
  }
  if (row.status !== ORDER_STATUS.pending) {
    throw new AppError('CONFLICT', 'Only an unpaid order can be cancelled; a paid one is refunded instead.');
  }
  if (by.as === 'seller' && isAwaitingApproval(row)) {
    throw new AppError('CONFLICT', 'This order awaits your approval: reject it instead, saying why.');
  }
  if (!(await changeOrder(tx, orderId, 'cancel', { note: reason, actorUserId: by.userId }))) {
    throw new AppError('CONFLICT', 'A payment or refund of this order is in progress; try again once it has finished.');
  }
  const order = await presentOrder(tx, orderId, deps.featureOverrides);
  if (!order) return [];
  // The seller's cancel too: it takes a sale from the buyer (decision 0088).
  await recordAudit(tx, {
    actorId: by.userId,
    action: 'order.cancel',
    targetType: 'order',
    targetId: orderId,
    before: { status: row.status },
    after: { status: order.status, reason },
  });
  await mailOrderCancelled(tx, deps, order, { reason, forfeited: 0, by: by.as });
  return order.lines.map((l) => l.eventLotId);
}

async function anyOrderRow(tx: Executor, orderId: string): Promise<OrderRow> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  if (!row) throw AppError.notFound('No such order.');
  return row;
}
