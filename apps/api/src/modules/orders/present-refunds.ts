import type { OrderRefund } from '@lotline/contracts';
import type { Executor } from '@lotline/db';
import { orderPayments, orderRefunds } from '@lotline/db/schema';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';

/**
 * What the order read shows of its money besides the totals (decision 0062): `paid`, everything the payments
 * took (the card charges, the captured bid deposit, the wires), and its refunds oldest first. `refunded` is the
 * order's own column.
 */
export async function refundFacts(db: Executor, orderIds: string[]) {
  // One after the other: `db` may be a transaction, whose one connection runs one query at a time.
  const paid = await db
    .select({
      orderId: orderPayments.orderId,
      amount: sql<number>`coalesce(sum(${orderPayments.amount}), 0)::float8`,
    })
    .from(orderPayments)
    .where(and(inArray(orderPayments.orderId, orderIds), eq(orderPayments.status, 'succeeded')))
    .groupBy(orderPayments.orderId);
  const refunds = await db
    .select({
      id: orderRefunds.id,
      orderId: orderRefunds.orderId,
      number: orderRefunds.number,
      amount: orderRefunds.amount,
      reason: orderRefunds.reason,
      status: orderRefunds.status,
      createdAt: orderRefunds.createdAt,
      succeededAt: orderRefunds.succeededAt,
      failureMessage: orderRefunds.failureMessage,
    })
    .from(orderRefunds)
    .where(inArray(orderRefunds.orderId, orderIds))
    .orderBy(asc(orderRefunds.createdAt), asc(orderRefunds.number));
  return (orderId: string): { paid: number; refunds: OrderRefund[] } => ({
    paid: paid.find((p) => p.orderId === orderId)?.amount ?? 0,
    refunds: refunds
      .filter((r) => r.orderId === orderId)
      .map((r) => ({
        _id: r.id,
        number: r.number,
        amount: r.amount,
        reason: r.reason,
        status: r.status,
        createdAt: r.createdAt.toISOString(),
        succeededAt: r.succeededAt?.toISOString() ?? null,
        failureMessage: r.failureMessage,
      })),
  });
}
