import { randomUUID } from 'node:crypto';
import { ORDER_STATUS } from '@lotline/contracts';
import type { Database, Executor } from '@lotline/db';
import { orders, users } from '@lotline/db/schema';
import { isPayable } from '@lotline/domain';
import { and, asc, eq } from 'drizzle-orm';
import { AppError } from '../../../lib/errors';
import { assertNotOwnRecord } from '../../../lib/own-record';
import { recordAudit } from '../../audit/record-audit';
import { changeOrder } from '../change-order';
import { amountDueSql, depositOutstandingSql } from './amount-due';
import { recordWirePayment } from './change-payment';
import { depositBeingApplied } from './charge-order';
import { type PaymentMailDeps, sendOrderPaidMails } from './notify-payment';

/** Orders whose buyer chose wire and that are not paid yet, oldest first (the staff queue). */
export function ordersAwaitingWire(db: Database) {
  return db
    .select({ id: orders.id, buyerName: users.name, buyerEmail: users.email })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.buyerUserId))
    .where(and(eq(orders.status, ORDER_STATUS.pending), eq(orders.paymentKind, 'wire')))
    .orderBy(asc(orders.updatedAt), asc(orders.id))
    .limit(200);
}

/**
 * Staff mark an order's wire received (decision 0044): in one transaction a
 * `wire` payment of the amount due is recorded as succeeded, the order is
 * paid (`wire-received`) and the paid e-mails are queued. Refused (409) unless
 * the order is pending, approved and its buyer chose wire.
 */
export async function markWireReceived(
  tx: Executor,
  mail: PaymentMailDeps,
  orderId: string,
  staffUserId: string,
): Promise<void> {
  const [order] = await tx
    .select({
      status: orders.status,
      buyerUserId: orders.buyerUserId,
      approval: orders.approval,
      kind: orders.paymentKind,
      currency: orders.currency,
      due: amountDueSql(),
      depositOutstanding: depositOutstandingSql(),
    })
    .from(orders)
    .where(eq(orders.id, orderId))
    .for('update');
  if (!order) throw AppError.notFound('No such order.');
  assertNotOwnRecord(staffUserId, order.buyerUserId);
  if (!isPayable(order)) {
    throw new AppError('CONFLICT', 'This order is not awaiting payment.');
  }
  if (order.kind !== 'wire') throw new AppError('CONFLICT', 'The buyer has not chosen to pay this order by wire.');
  if (order.depositOutstanding) throw depositBeingApplied();
  if (order.due > 0) {
    await recordWirePayment(tx, {
      id: `opay_${randomUUID()}`,
      orderId,
      amount: order.due,
      currency: order.currency,
      actorUserId: staffUserId,
    });
  }
  if (!(await changeOrder(tx, orderId, 'receiveWire', { actorUserId: staffUserId }))) {
    throw new AppError('CONFLICT', 'This order is not awaiting payment.');
  }
  const [after] = await tx.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId));
  await recordAudit(tx, {
    actorId: staffUserId,
    action: 'order.wire-received',
    targetType: 'order',
    targetId: orderId,
    before: { status: order.status, amountDue: order.due, currency: order.currency },
    after: { status: after?.status ?? null, amountReceived: order.due },
  });
  await sendOrderPaidMails(tx, mail, orderId, { amount: order.due, how: 'wire' });
}
