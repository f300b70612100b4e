import { ORDER_STATUS, WIRE_NOT_OFFERED } from '@lotline/contracts';
import type { Database } from '@lotline/db';
import { orderPayments, orders } from '@lotline/db/schema';
import { and, eq } from 'drizzle-orm';
import { AppError } from '../../../lib/errors';
import { recordOrderEvent, setPaymentKind } from '../order-records';
import { offeredAccount, wireAccountsFor } from './wire-instructions';

/**
 * The buyer chooses to pay by wire transfer (decision 0044): the order waits
 * for staff to mark the wire received. Refused (409) when the order is not
 * pending and approved, when a card payment is in progress, or when wire is
 * not offered for its currency (409 WIRE_NOT_OFFERED: staff set no receiving
 * account for it, decision 0070, or CAD with CAD_WIRE_TRANSFER off). Choosing
 * it again changes nothing.
 */
export async function chooseWire(db: Database, userId: string, orderId: string, cadWireTransfer: boolean) {
  await db.transaction(async (tx) => {
    const [order] = await tx
      .select({ status: orders.status, approval: orders.approval, currency: orders.currency, kind: orders.paymentKind })
      .from(orders)
      .where(and(eq(orders.id, orderId), eq(orders.buyerUserId, userId)))
      .for('update');
    if (!order) throw AppError.notFound('No such order.');
    if (order.status !== ORDER_STATUS.pending) throw new AppError('CONFLICT', 'This order is not awaiting payment.');
    if (order.approval !== 'approved') throw new AppError('CONFLICT', 'The seller has not approved this order yet.');
    if (!offeredAccount(await wireAccountsFor(tx, [order.currency]), order.currency, cadWireTransfer)) {
      throw new AppError(WIRE_NOT_OFFERED, `Wire transfer is not offered for ${order.currency} orders. Pay by card.`, {
        status: 409,
      });
    }
    const [live] = await tx
      .select({ id: orderPayments.id })
      .from(orderPayments)
      .where(
        and(
          eq(orderPayments.orderId, orderId),
          eq(orderPayments.kind, 'charge'),
          eq(orderPayments.status, 'processing'),
        ),
      );
    if (live) throw new AppError('CONFLICT', 'A card payment for this order is in progress.');
    if (order.kind === 'wire') return;
    await setPaymentKind(tx, orderId, 'wire');
    await recordOrderEvent(tx, orderId, 'wire-chosen', { actorUserId: userId });
  });
}
