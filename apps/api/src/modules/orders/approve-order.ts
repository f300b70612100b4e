import type { Transaction } from '@lotline/db';
import { AppError } from '../../lib/errors';
import { changeOrder } from './change-order';
import { sellerOrderRow } from './order-access';
import { mailOrderApproved, type OrderMailDeps } from './order-mails';
import { type FlagOverrides, presentOrder } from './present-order';

/**
 * The seller approves a buy-now order that awaits them (BUY_NOW_AUTO_APPROVE
 * off): the lifecycle's `approve` (of an approval and the deadline job, one
 * wins; the deadline is the database clock's), its history row, the "approved" and "invoice ready" mails, all in the
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
  if (!(await changeOrder(tx, orderId, 'approve', { actorUserId: userId })))
    throw new AppError('CONFLICT', 'This order is not awaiting your approval (or its 2 business days have passed).');
  const order = await presentOrder(tx, orderId, deps.featureOverrides);
  if (order) await mailOrderApproved(tx, deps, order);
}
