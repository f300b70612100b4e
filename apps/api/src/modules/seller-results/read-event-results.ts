import { ORDER_STATUS, type SellerResultRow, type SellerResultTotals } from '@lotline/contracts';
import { type Executor, queryRows } from '@lotline/db';
import { companies, eventLots, orderLines, orderPayments, orders, users } from '@lotline/db/schema';
import { isOpenOrUpcoming, netPayout, sellerFees } from '@lotline/domain';
import { asc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { EventRow } from '../sellers/company-access';
import { marketplaceDefaultBps } from './commission-rate';
import { lotOutcome, SOLD_OUTCOMES } from './lot-outcome';
import { totalsOf } from './results-totals';

/**
 * An event's results (decision 0053): every lot with its orders (one row per
 * order, or one row for a lot without), in catalogue order, the totals per
 * currency in exact integers (cancelled orders count for nothing), whether
 * the event is closed (no lot still open or upcoming) and the database clock.
 * Each order's commission, seller fees and net payout follow `netPayout` (decision 0078) at the event's
 * frozen commission (for an event published before rates were frozen: the company's override, else the
 * marketplace default). The caller has checked access (`requireOwnEvent`).
 */
export interface EventResults {
  event: { _id: string; name: string; title: string; companyName: string; startAt: string; endAt: string };
  closed: boolean;
  generatedAt: Date;
  totals: SellerResultTotals[];
  rows: SellerResultRow[];
}

const leader = alias(users, 'leader');

/** Succeeded payments per order, the captured deposit aside (it is `deposit_applied` already). */
const paidSoFar = sql<number>`coalesce((select sum(p.amount) from ${orderPayments} p
  where p.order_id = ${orders.id} and p.status = 'succeeded' and p.kind <> 'deposit-capture'), 0)::float8`;

export async function readEventResults(db: Executor, event: EventRow): Promise<EventResults> {
  const [found, [clock], [company]] = await Promise.all([
    db
      .select({
        lot: {
          id: eventLots.id,
          number: eventLots.number,
          name: eventLots.name,
          type: eventLots.type,
          status: eventLots.status,
          currency: eventLots.currency,
          bidsCount: eventLots.bidsCount,
          reserveMet: eventLots.reserveMet,
          highBid: eventLots.currentBidAmount,
          riggingCost: eventLots.riggingCost,
          riggingParty: eventLots.riggingParty,
          loadingCost: eventLots.loadingCost,
          loadingParty: eventLots.loadingParty,
          shippingCost: eventLots.shippingCost,
          shippingParty: eventLots.shippingParty,
        },
        order: {
          id: orders.id,
          number: orders.number,
          status: orders.status,
          source: orders.source,
          currency: orders.currency,
          subtotal: orders.subtotal,
          buyersPremium: orders.buyersPremium,
          tax: orders.tax,
          fees: orders.feesTotal,
          total: orders.total,
          depositApplied: orders.depositApplied,
          refunded: orders.refunded,
        },
        line: { quantity: orderLines.quantity, amount: orderLines.amount },
        paid: paidSoFar,
        buyer: { name: users.name, email: users.email },
        leader: { name: leader.name, email: leader.email },
      })
      .from(eventLots)
      .leftJoin(orderLines, eq(orderLines.eventLotId, eventLots.id))
      .leftJoin(orders, eq(orders.id, orderLines.orderId))
      .leftJoin(users, eq(users.id, orders.buyerUserId))
      .leftJoin(leader, eq(leader.id, eventLots.leaderUserId))
      .where(eq(eventLots.eventId, event.id))
      .orderBy(
        asc(eventLots.sequence),
        asc(eventLots.number),
        asc(eventLots.id),
        asc(orders.createdAt),
        asc(orders.id),
      ),
    queryRows<{ now: string }>(db, sql`select now()::text as now`),
    db
      .select({
        name: sql<string>`coalesce(${companies.displayName}, ${companies.name})`,
        commissionBps: sql<number>`coalesce(${companies.commissionBps}, ${marketplaceDefaultBps})::int`,
      })
      .from(companies)
      .where(eq(companies.id, event.companyId)),
  ]);
  const commissionBps = event.commissionBps ?? Number(company?.commissionBps);
  const rows = found.map((r): SellerResultRow => {
    const o = r.order;
    const outcome = lotOutcome({ ...r.lot, source: o?.source ?? null });
    const sold = SOLD_OUTCOMES.includes(outcome);
    const cancelled = o?.status === ORDER_STATUS.cancelled;
    const paid = o ? o.depositApplied + r.paid : null;
    const payout =
      o && r.line
        ? netPayout({
            status: o.status,
            paid: paid ?? 0,
            subtotal: o.subtotal,
            buyersPremium: o.buyersPremium,
            tax: o.tax,
            total: o.total,
            refunded: o.refunded,
            commissionBps,
            lines: [{ quantity: r.line.quantity, unitSellerFees: sellerFees(r.lot) }],
          })
        : null;
    return {
      lotId: r.lot.id,
      number: r.lot.number,
      name: r.lot.name,
      type: r.lot.type,
      status: r.lot.status,
      outcome,
      // Without an order a sold lot's winner is its leader (the high bidder).
      winner: r.buyer ?? (sold ? r.leader : null),
      quantity: r.line?.quantity ?? null,
      highBid: r.lot.type === 'AuctionLot' ? r.lot.highBid : null,
      hammer: r.line?.amount ?? (sold && r.lot.type === 'AuctionLot' ? r.lot.highBid : null),
      buyersPremium: o?.buyersPremium ?? null,
      tax: o?.tax ?? null,
      fees: o?.fees ?? null,
      total: o?.total ?? null,
      paid,
      refunded: o ? o.refunded : null,
      outstanding: o ? (cancelled ? 0 : Math.max(0, o.total - (paid ?? 0))) : null,
      commissionBps: payout ? commissionBps : null,
      commission: payout?.commissionMinor ?? null,
      sellerFees: payout?.sellerFeesMinor ?? null,
      netPayout: payout?.netMinor ?? null,
      currency: o?.currency ?? r.lot.currency,
      order: o ? { _id: o.id, number: o.number, status: o.status } : null,
    };
  });
  return {
    event: {
      _id: event.id,
      name: event.name,
      title: event.title,
      companyName: company?.name ?? '',
      startAt: event.startAt.toISOString(),
      endAt: event.endAt.toISOString(),
    },
    closed: rows.length > 0 && !rows.some((r) => isOpenOrUpcoming(r.status)),
    generatedAt: new Date(clock?.now ?? ''),
    totals: totalsOf(rows),
    rows,
  };
}
