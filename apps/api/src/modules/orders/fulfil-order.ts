import { ORDER_STATUS } from '@lotline/contracts';
import type { Executor } from '@lotline/db';
import { orderHistory, orders } from '@lotline/db/schema';
import { and, eq, sql } from 'drizzle-orm';
import { AppError } from '../../lib/errors';
import { sellerOrderRow } from './order-access';

/**
 * The seller records the hand-over of a paid order: shipped or collected.
 * Once only (one guarded UPDATE); an unpaid or cancelled order is refused.
 */
export async function fulfilOrder(
  tx: Executor,
  userId: string,
  orderId: string,
  fulfilment: 'shipped' | 'collected',
): Promise<void> {
  await sellerOrderRow(tx, userId, orderId);
  const [moved] = await tx
    .update(orders)
    .set({ fulfilment, fulfilledAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(orders.id, orderId), eq(orders.status, ORDER_STATUS.paid), eq(orders.fulfilment, 'none')))
    .returning({ id: orders.id });
  if (!moved)
    throw new AppError('CONFLICT', 'Only a paid order that is not yet shipped or collected can be marked so.');
  await tx.insert(orderHistory).values({ orderId, event: fulfilment, status: ORDER_STATUS.paid, actorUserId: userId });
}
