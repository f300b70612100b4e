import type { Executor } from '@lotline/db';
import { companies, eventLots, events, orderLines, orderPayments, orders } from '@lotline/db/schema';
import { netPayout, sellerFees } from '@lotline/domain';
import { eq, sql } from 'drizzle-orm';
import { effectiveCommissionBps } from './commission-rate';

/**
 * What the seller is owed for one order (decision 0078), from the order's stored figures, the lot's seller-paid
 * fees (locked once a buyer committed, decision 0060) and the event's frozen commission; null for an unknown
 * order. The payouts read this; the results statement applies the same rule row by row.
 */
export interface OrderNetPayout {
  currency: string;
  grossMinor: number;
  /** The tax and the buyer's premium that refunds did not give back (`netPayout`). */
  taxMinor: number;
  premiumMinor: number;
  commissionMinor: number;
  sellerFeesMinor: number;
  refundedMinor: number;
  netMinor: number;
}

/** Succeeded payments of the order, the captured deposit included (it is `deposit_applied`). */
// The order's columns are named with their table on purpose: drizzle leaves a column unqualified in a select from
// one table, and inside this subquery a bare "id" would be the payment's.
export const paidOfOrder = sql<number>`("orders"."deposit_applied" + coalesce((select sum(p.amount)
  from ${orderPayments} p where p.order_id = "orders"."id" and p.status = 'succeeded'
  and p.kind <> 'deposit-capture'), 0))::float8`;

export async function netPayoutForOrder(tx: Executor, orderId: string): Promise<OrderNetPayout | null> {
  const found = await tx
    .select({
      status: orders.status,
      currency: orders.currency,
      subtotal: orders.subtotal,
      buyersPremium: orders.buyersPremium,
      tax: orders.tax,
      total: orders.total,
      refunded: orders.refunded,
      paid: paidOfOrder,
      commissionBps: effectiveCommissionBps,
      // Flat: drizzle can read a nested object of left-joined, nullable columns as null as a whole (it did for a
      // lot with a shipping fee and no rigging fee), which would lose the fee.
      quantity: orderLines.quantity,
      riggingCost: eventLots.riggingCost,
      riggingParty: eventLots.riggingParty,
      loadingCost: eventLots.loadingCost,
      loadingParty: eventLots.loadingParty,
      shippingCost: eventLots.shippingCost,
      shippingParty: eventLots.shippingParty,
    })
    .from(orders)
    .innerJoin(companies, eq(companies.id, orders.companyId))
    .leftJoin(events, eq(events.id, orders.eventId))
    .leftJoin(orderLines, eq(orderLines.orderId, orders.id))
    .leftJoin(eventLots, eq(eventLots.id, orderLines.eventLotId))
    .where(eq(orders.id, orderId));
  const [first] = found;
  if (!first) return null;
  const { shortfallMinor: _, ...payout } = netPayout({
    status: first.status,
    paid: Number(first.paid),
    subtotal: first.subtotal,
    buyersPremium: first.buyersPremium,
    tax: first.tax,
    total: first.total,
    refunded: first.refunded,
    commissionBps: Number(first.commissionBps),
    lines: found.map((r) => ({
      quantity: r.quantity ?? 0,
      unitSellerFees: r.quantity === null ? [] : sellerFees(r),
    })),
  });
  return { currency: first.currency, ...payout };
}
