import type { StaffOrder, StaffOrderPayment } from '@lotline/contracts';
import type { Executor } from '@lotline/db';
import { orderPayments, orders } from '@lotline/db/schema';
import { canMoveOrder, refundableAmount } from '@lotline/domain';
import { asc, eq } from 'drizzle-orm';
import { AppError } from '../../lib/errors';
import { type FlagOverrides, presentOrder } from '../orders/present-order';
import { orderPayout } from '../payouts/list-payouts';
import { netPayoutForOrder } from '../seller-results/net-payout';

/**
 * Staff's read of one order (decision 0091): the order as its buyer and seller see it (`presentOrder`), and what
 * staff weigh before a cancel or a refund: the buyer's id, every payment attempt with its state, the payout and
 * the seller's net (`netPayoutForOrder`, the payouts' own reckoning), what can still be refunded and whether it
 * can still be cancelled. A read only; the writes are the orders module's (`cancel-order.ts`, `refund-order.ts`).
 */
export async function readStaffOrder(db: Executor, orderId: string, overrides: FlagOverrides): Promise<StaffOrder> {
  const [row] = await db.select({ buyerUserId: orders.buyerUserId }).from(orders).where(eq(orders.id, orderId));
  const order = row ? await presentOrder(db, orderId, overrides) : null;
  const net = row ? await netPayoutForOrder(db, orderId) : null;
  if (!row || !order || !net) throw AppError.notFound('No such order.');
  const { currency: _, ...reckoning } = net;
  return {
    order,
    buyerId: row.buyerUserId,
    payments: await paymentAttempts(db, orderId),
    payout: await orderPayout(db, orderId),
    net: reckoning,
    refundable: refundableAmount(order),
    cancellable: canMoveOrder(order, 'cancel'),
  };
}

async function paymentAttempts(db: Executor, orderId: string): Promise<StaffOrderPayment[]> {
  const rows = await db
    .select({
      id: orderPayments.id,
      kind: orderPayments.kind,
      provider: orderPayments.provider,
      providerPaymentId: orderPayments.providerPaymentId,
      amount: orderPayments.amount,
      currency: orderPayments.currency,
      status: orderPayments.status,
      failureMessage: orderPayments.failureMessage,
      createdAt: orderPayments.createdAt,
      updatedAt: orderPayments.updatedAt,
    })
    .from(orderPayments)
    .where(eq(orderPayments.orderId, orderId))
    .orderBy(asc(orderPayments.createdAt), asc(orderPayments.id));
  return rows.map(({ id, createdAt, updatedAt, ...p }) => ({
    _id: id,
    ...p,
    currency: p.currency.trim(),
    createdAt: createdAt.toISOString(),
    updatedAt: updatedAt.toISOString(),
  }));
}
