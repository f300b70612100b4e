import type { Executor } from '@lotline/db';
import { AppError } from '../../lib/errors';
import { changeOrder } from './change-order';
import { sellerOrderRow } from './order-access';

/**
 * The seller records the hand-over of a paid order: shipped or collected.
 * Once only (the lifecycle's `ship` or `collect`); an unpaid or cancelled order is refused.
 */
export async function fulfilOrder(
  tx: Executor,
  userId: string,
  orderId: string,
  fulfilment: 'shipped' | 'collected',
): Promise<void> {
  await sellerOrderRow(tx, userId, orderId);
  if (!(await changeOrder(tx, orderId, fulfilment === 'shipped' ? 'ship' : 'collect', { actorUserId: userId })))
    throw new AppError('CONFLICT', 'Only a paid order that is not yet shipped or collected can be marked so.');
}
