import type { Order } from '@lotline/contracts';
import type { Executor } from '@lotline/db';
import { companies, orderFees, orderHistory, orderLines, orders } from '@lotline/db/schema';
import { asc, eq } from 'drizzle-orm';
import { amountDueSql } from './amount-due';
import { wireInstructions } from './wire-instructions';

/**
 * The contract's `order` for the payment routes' answers. A minimal local
 * presenter (issue 15): the orders slice owns `modules/orders/present-order.ts`,
 * which replaces this one at merge (decision 0044).
 */
export async function orderAnswer(db: Executor, orderId: string, cadWireTransfer: boolean): Promise<Order | null> {
  const [row] = await db
    .select({ o: orders, sellerName: companies.name, sellerDisplay: companies.displayName, due: amountDueSql() })
    .from(orders)
    .innerJoin(companies, eq(companies.id, orders.companyId))
    .where(eq(orders.id, orderId));
  if (!row) return null;
  const { o } = row;
  const lines = await db.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(orderLines.position);
  const fees = await db.select().from(orderFees).where(eq(orderFees.orderId, orderId)).orderBy(asc(orderFees.kind));
  const history = await db
    .select()
    .from(orderHistory)
    .where(eq(orderHistory.orderId, orderId))
    .orderBy(orderHistory.id);
  const iso = (d: Date | null) => (d ? d.toISOString() : null);
  return {
    _id: o.id,
    number: o.number,
    status: o.status,
    currency: o.currency,
    lines: lines.map((l) => ({
      eventLotId: l.eventLotId,
      name: l.name,
      quantity: l.quantity,
      unitPrice: l.unitPrice,
      amount: l.amount,
    })),
    buyersPremium: o.buyersPremium,
    tax: o.tax,
    taxRate: o.taxRate,
    taxExempt: o.taxExempt,
    fees: fees.map((f) => ({ kind: f.kind, amount: f.amount })),
    depositApplied: o.depositApplied,
    total: o.total,
    createdAt: o.createdAt.toISOString(),
    subtotal: o.subtotal,
    buyersPremiumBps: o.buyersPremiumBps,
    taxExemptReason: o.taxExemptReason,
    amountDue: o.status === 'OrderPending' ? Math.max(0, row.due) : 0,
    source: o.source,
    approval: o.approval,
    approvalDueAt: iso(o.approvalDueAt),
    document: o.document,
    paymentKind: o.paymentKind,
    paymentError: o.paymentError,
    wireInstructions: wireInstructions(o, cadWireTransfer),
    fulfilment: o.fulfilment,
    seller: { _id: o.companyId, name: row.sellerDisplay ?? row.sellerName },
    eventId: o.eventId,
    paidAt: iso(o.paidAt),
    cancelledAt: iso(o.cancelledAt),
    history: history.map((h) => ({
      event: h.event,
      status: h.status,
      note: h.note,
      createdAt: h.createdAt.toISOString(),
    })),
  };
}
