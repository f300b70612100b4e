import type { Order } from '@lotline/contracts';
import type { Executor } from '@lotline/db';
import { companies, orderFees, orderHistory, orderLines, orders } from '@lotline/db/schema';
import { asc, eq } from 'drizzle-orm';
import { wireInstructions } from '../payments/wire-instructions';
import { featureOn } from '../platform/get-feature-flags';
import type { FeatureOverrides } from './buy-now-terms';

/**
 * An order row as the contract's `order` (the purchase's answer).
 * MERGE NOTE (issue 15): a stand-in until the orders slice's
 * `modules/orders/present-order.ts` is in this branch; the lead replaces its
 * one caller (`purchase-item.ts`) with that presenter and deletes this file.
 */
export async function presentPurchaseOrder(tx: Executor, orderId: string, overrides: FeatureOverrides): Promise<Order> {
  const [row] = await tx
    .select({ order: orders, sellerName: companies.name, sellerDisplay: companies.displayName })
    .from(orders)
    .innerJoin(companies, eq(companies.id, orders.companyId))
    .where(eq(orders.id, orderId));
  if (!row) throw new Error(`no order ${orderId}`);
  const o = row.order;
  // One statement at a time: inside a transaction this is one connection.
  const lines = await tx
    .select()
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId))
    .orderBy(asc(orderLines.position));
  const fees = await tx
    .select({ kind: orderFees.kind, amount: orderFees.amount })
    .from(orderFees)
    .where(eq(orderFees.orderId, orderId));
  const history = await tx
    .select()
    .from(orderHistory)
    .where(eq(orderHistory.orderId, orderId))
    .orderBy(asc(orderHistory.id));
  const cad = await featureOn(tx, overrides, 'CAD_WIRE_TRANSFER');
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
    fees,
    depositApplied: o.depositApplied,
    total: o.total,
    createdAt: o.createdAt.toISOString(),
    subtotal: o.subtotal,
    buyersPremiumBps: o.buyersPremiumBps,
    taxExemptReason: o.taxExemptReason,
    amountDue: o.paidAt || o.cancelledAt ? 0 : Math.max(0, o.total - o.depositApplied),
    source: o.source,
    approval: o.approval,
    approvalDueAt: iso(o.approvalDueAt),
    document: o.document,
    paymentKind: o.paymentKind,
    paymentError: o.paymentError,
    wireInstructions: o.document === 'invoice' ? wireInstructions(o, cad) : null,
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
