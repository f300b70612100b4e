import { ORDER_STATUS, type Order } from '@lotline/contracts';
import type { Executor } from '@lotline/db';
import {
  addresses,
  companies,
  conversations,
  orderFees,
  orderHistory,
  orderLines,
  orderPayments,
  orders,
  users,
} from '@lotline/db/schema';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { type FeatureOverrides, featureOn } from '../platform/get-feature-flags';
import { wireAccountsFor, wireInstructions } from './payment/wire-instructions';
import { refundFacts } from './present-refunds';

/**
 * An order as the contract's `order` (issue 15): the stored totals, its
 * lines, fees and history, what is still owed (`amountDue` = total − the
 * deposit applied − succeeded payments), the wire instructions when staff set
 * a receiving account for its currency (CAD only with CAD_WIRE_TRANSFER), the seller,
 * the bill-to and the order's thread (while ORDER_CONVERSATION is on). Every reader (buyer, seller, the PDF,
 * the payments slice's answers) presents an order through here.
 */
export type FlagOverrides = FeatureOverrides;

export type OrderRow = typeof orders.$inferSelect;

export async function presentOrders(db: Executor, rows: OrderRow[], overrides: FlagOverrides): Promise<Order[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [lines, fees, history, paid, sellers, buyers, threads, cadWire, orderThreads, accounts] = await Promise.all([
    db.select().from(orderLines).where(inArray(orderLines.orderId, ids)).orderBy(asc(orderLines.position)),
    db.select().from(orderFees).where(inArray(orderFees.orderId, ids)).orderBy(asc(orderFees.kind)),
    db.select().from(orderHistory).where(inArray(orderHistory.orderId, ids)).orderBy(asc(orderHistory.id)),
    db
      .select({
        orderId: orderPayments.orderId,
        amount: sql<number>`coalesce(sum(${orderPayments.amount}), 0)::float8`,
      })
      .from(orderPayments)
      .where(
        and(
          inArray(orderPayments.orderId, ids),
          eq(orderPayments.status, 'succeeded'),
          // A captured deposit is already counted by `deposit_applied`.
          sql`${orderPayments.kind} <> 'deposit-capture'`,
        ),
      )
      .groupBy(orderPayments.orderId),
    db
      .select({ id: companies.id, name: sql<string>`coalesce(${companies.displayName}, ${companies.name})` })
      .from(companies)
      .where(inArray(companies.id, [...new Set(rows.map((r) => r.companyId))])),
    buyerFacts(db, [...new Set(rows.map((r) => r.buyerUserId))]),
    db
      .select({ id: conversations.id, orderId: conversations.orderId })
      .from(conversations)
      .where(inArray(conversations.orderId, ids)),
    featureOn(db, overrides, 'CAD_WIRE_TRANSFER'),
    featureOn(db, overrides, 'ORDER_CONVERSATION'),
    wireAccountsFor(
      db,
      rows.map((r) => r.currency),
    ),
  ]);
  const moneyOf = await refundFacts(db, ids);
  return rows.map((r) => {
    const paidSoFar = paid.find((p) => p.orderId === r.id)?.amount ?? 0;
    const buyer = buyers.get(r.buyerUserId);
    return {
      _id: r.id,
      number: r.number,
      status: r.status,
      currency: r.currency,
      lines: lines
        .filter((l) => l.orderId === r.id)
        .map((l) => ({
          eventLotId: l.eventLotId,
          name: l.name,
          quantity: l.quantity,
          unitPrice: l.unitPrice,
          amount: l.amount,
        })),
      buyersPremium: r.buyersPremium,
      tax: r.tax,
      taxRate: r.taxRate,
      taxExempt: r.taxExempt,
      fees: fees.filter((f) => f.orderId === r.id).map((f) => ({ kind: f.kind, amount: f.amount })),
      depositApplied: r.depositApplied,
      total: r.total,
      createdAt: r.createdAt.toISOString(),
      subtotal: r.subtotal,
      buyersPremiumBps: r.buyersPremiumBps,
      taxExemptReason: r.taxExemptReason,
      amountDue: r.status === ORDER_STATUS.cancelled ? 0 : Math.max(0, r.total - r.depositApplied - paidSoFar),
      source: r.source,
      approval: r.approval,
      approvalDueAt: r.approvalDueAt?.toISOString() ?? null,
      paymentDueAt: r.status === ORDER_STATUS.pending ? (r.paymentDueAt?.toISOString() ?? null) : null,
      document: r.document,
      paymentKind: r.paymentKind,
      paymentError: r.paymentError,
      // A receipt (BUY_NOW_INVOICES off) is a record of a card sale: no wire.
      wireInstructions: r.document === 'receipt' ? null : wireInstructions(r, accounts, cadWire),
      fulfilment: r.fulfilment,
      seller: { _id: r.companyId, name: sellers.find((s) => s.id === r.companyId)?.name ?? '' },
      eventId: r.eventId,
      paidAt: r.paidAt?.toISOString() ?? null,
      cancelledAt: r.cancelledAt?.toISOString() ?? null,
      history: history
        .filter((h) => h.orderId === r.id)
        .map((h) => ({ event: h.event, status: h.status, note: h.note, createdAt: h.createdAt.toISOString() })),
      buyer: { name: buyer?.name ?? '', email: buyer?.email ?? '' },
      billingAddress: buyer?.billing ?? null,
      // ORDER_CONVERSATION off, an order has no thread to show (the messaging routes answer 404 for it).
      conversationId: orderThreads ? (threads.find((c) => c.orderId === r.id)?.id ?? null) : null,
      // What was paid, given back and each refund (decision 0062); a refund never changes the status.
      refunded: r.refunded,
      ...moneyOf(r.id),
    };
  });
}

/** One order, presented; null when there is no such order. */
export async function presentOrder(db: Executor, orderId: string, overrides: FlagOverrides): Promise<Order | null> {
  const rows = await db.select().from(orders).where(eq(orders.id, orderId));
  const [order] = await presentOrders(db, rows, overrides);
  return order ?? null;
}

type BuyerFacts = { name: string; email: string; billing: string[] | null };

/** Each buyer's name, e-mail and newest billing address (printed as lines). */
async function buyerFacts(db: Executor, userIds: string[]): Promise<Map<string, BuyerFacts>> {
  const people = await db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(inArray(users.id, userIds));
  const billing = await db
    .select()
    .from(addresses)
    .where(and(inArray(addresses.userId, userIds), eq(addresses.type, 'billing')))
    .orderBy(desc(addresses.updatedAt));
  return new Map(
    people.map((p) => {
      const a = billing.find((b) => b.userId === p.id);
      const lines = a
        ? [a.name, a.line1, a.line2, `${a.city}, ${a.region} ${a.postalCode}`, a.country].filter((l) => l !== '')
        : null;
      return [p.id, { name: p.name, email: p.email, billing: lines }];
    }),
  );
}
