import { ORDER_STATUS } from '@lotline/contracts';
import type { Transaction } from '@lotline/db';
import { orderHistory, orders } from '@lotline/db/schema';
import { and, eq, sql } from 'drizzle-orm';
import { AppError } from '../../lib/errors';
import { sellerOrderRow } from './order-access';
import { mailOrderApproved, type OrderMailDeps } from './order-mails';
import { type FlagOverrides, presentOrder } from './present-order';

/**
 * The seller approves a buy-now order that awaits them (BUY_NOW_AUTO_APPROVE
 * off): one guarded UPDATE (of an approval and the deadline job, one wins),
 * the history row, the "approved" and "invoice ready" mails, all in the
 * caller's transaction. The caller charges the buyer's card after the
 * commit (`chargeOrder`), outside any transaction.
 */
export async function approveOrder(
  tx: Transaction,
  deps: OrderMailDeps & { featureOverrides: FlagOverrides },
  userId: string,
  orderId: string,
): Promise<void> {
  await sellerOrderRow(tx, userId, orderId);
  const [moved] = await tx
    .update(orders)
    .set({ approval: 'approved', approvalDueAt: null, updatedAt: sql`now()` })
    .where(
      and(
        eq(orders.id, orderId),
        eq(orders.approval, 'awaiting'),
        eq(orders.status, ORDER_STATUS.pending),
        // The deadline is the database clock's, whether or not the expiry job has run yet.
        sql`${orders.approvalDueAt} > now()`,
      ),
    )
    .returning({ id: orders.id });
  if (!moved)
    throw new AppError('CONFLICT', 'This order is not awaiting your approval (or its 2 business days have passed).');
  await tx
    .insert(orderHistory)
    .values({ orderId, event: 'approved', status: ORDER_STATUS.pending, actorUserId: userId });
  const order = await presentOrder(tx, orderId, deps.featureOverrides);
  if (order) await mailOrderApproved(tx, deps, order);
}
