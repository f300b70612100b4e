import { randomUUID } from 'node:crypto';
import {
  BUY_NOW_APPROVAL_BUSINESS_DAYS,
  EVENT_SETTING_DEFAULTS,
  ORDER_STATUS,
  type OrderSource,
} from '@lotline/contracts';
import type { Executor } from '@lotline/db';
import {
  dispositionLocations,
  eventLots,
  events,
  orderFees,
  orderHistory,
  orderLines,
  orders,
  taxExemptions,
} from '@lotline/db/schema';
import { addBusinessDays, buyerFees, priceOrder } from '@lotline/domain';
import { and, desc, eq, sql } from 'drizzle-orm';
import { changeLotStatus } from '../lots/change-lot-status';
import { lotFeeColumns } from '../lots/lot-fee-columns';
import { effectiveStatusIs } from '../tax-exemptions/lifecycle-sql';
import { requireOrderFits } from './order-bounds';
import { mailOrderPlaced, type OrderMailDeps as OrderMails } from './order-mails';
import { presentOrder } from './present-order';

export interface NewOrder {
  source: OrderSource;
  buyerUserId: string;
  lotId: string;
  quantity: number;
  /** Per unit: the buy-now price, the accepted offer or counter, the awarded tender, the hammer price. */
  unitPrice: number;
  /** `awaiting`: a buy-now order the seller must approve (BUY_NOW_AUTO_APPROVE off). */
  approval: 'approved' | 'awaiting';
  /** A buy-now order with BUY_NOW_INVOICES off gets a receipt only. */
  document?: 'invoice' | 'receipt';
  /** The bid deposit to capture toward this order (auction wins; at most the total). */
  depositApplied?: number;
  offerId?: string;
  tenderId?: string;
  /** Who made the order happen (the seller who accepted or awarded); the buyer when absent. */
  actorUserId?: string;
}

export interface CreatedOrder {
  id: string;
  number: string;
  total: number;
  amountDue: number;
  currency: string;
  companyId: string;
  approval: 'approved' | 'awaiting';
}

/**
 * Creates the order of one sale, inside the caller's transaction (issue 15).
 * Its totals come from `priceOrder` over what the lot, its event and its
 * location say now (the event's buyer's premium, the location's tax rate, the
 * fees the buyer pays) and whether the buyer holds an active tax exemption;
 * they are stored, so the invoice never changes afterwards. A lot sold whole
 * (auction, tender) moves Sold → OrderPending and can have only one live order
 * (`orders_sole_lot_key`). Stock is the caller's (`takeStock`), as is the lot's
 * `sell`. The times are the database clock's.
 */
export type OrderMailDeps = OrderMails;

export async function createOrder(tx: Executor, input: NewOrder, deps: OrderMailDeps): Promise<CreatedOrder> {
  const [lot] = await tx
    .select({
      name: eventLots.name,
      currency: eventLots.currency,
      companyId: eventLots.companyId,
      eventId: eventLots.eventId,
      ...lotFeeColumns,
      taxRate: dispositionLocations.taxRate,
      taxRegion: dispositionLocations.region,
      premiumBps: events.buyersPremiumBps,
      paymentWindowDays: events.paymentWindowDays,
      now: sql<Date>`now()`.mapWith((v: string | Date) => new Date(v)),
    })
    .from(eventLots)
    .leftJoin(events, eq(events.id, eventLots.eventId))
    .leftJoin(dispositionLocations, eq(dispositionLocations.id, eventLots.dispositionLocationId))
    .where(eq(eventLots.id, input.lotId));
  if (!lot) throw new Error(`createOrder: no lot ${input.lotId}`);

  const exemption = await activeExemption(tx, input.buyerUserId, lot.now, lot.taxRegion);
  const unitFees = buyerFees(lot);
  // A 400 before any write, not the pricing's RangeError (decision 0069); one unit always fits.
  requireOrderFits(input.unitPrice + unitFees.reduce((sum, f) => sum + f.amount, 0), input.quantity);
  const priced = priceOrder({
    lines: [{ unitPrice: input.unitPrice, quantity: input.quantity }],
    buyersPremiumBps: lot.premiumBps ?? 0,
    taxRatePercent: lot.taxRate ?? 0,
    taxExempt: exemption !== null,
    unitFees,
  });
  const depositApplied = Math.min(input.depositApplied ?? 0, priced.total);

  const id = `ord_${randomUUID()}`;
  const soleLot = input.source === 'auction' || input.source === 'tender';
  const [row] = await tx
    .insert(orders)
    .values({
      id,
      number: sql`'LL-' || nextval('order_number_seq')`,
      buyerUserId: input.buyerUserId,
      companyId: lot.companyId,
      eventId: lot.eventId,
      source: input.source,
      approval: input.approval,
      approvalDueAt: input.approval === 'awaiting' ? addBusinessDays(lot.now, BUY_NOW_APPROVAL_BUSINESS_DAYS) : null,
      // Approved at once: the payment window runs from now (an awaiting order's starts at its approval).
      paymentDueAt:
        input.approval === 'approved'
          ? sql`now() + make_interval(days => ${lot.paymentWindowDays ?? EVENT_SETTING_DEFAULTS.paymentWindowDays})`
          : null,
      currency: lot.currency,
      subtotal: priced.subtotal,
      buyersPremiumBps: lot.premiumBps ?? 0,
      buyersPremium: priced.buyersPremium,
      feesTotal: priced.feesTotal,
      taxRate: lot.taxRate ?? 0,
      taxExempt: exemption !== null,
      taxExemptReason: exemption ? exemptionReason(exemption) : null,
      taxExemptionId: exemption?.id ?? null,
      tax: priced.tax,
      total: priced.total,
      depositApplied,
      document: input.document ?? 'invoice',
      soleLotId: soleLot ? input.lotId : null,
      offerId: input.offerId ?? null,
      tenderId: input.tenderId ?? null,
    })
    .returning({ number: orders.number });
  if (!row) throw new Error('order insert returned nothing');

  await tx.insert(orderLines).values({
    id: `ol_${randomUUID()}`,
    orderId: id,
    position: 0,
    eventLotId: input.lotId,
    name: lot.name,
    quantity: input.quantity,
    unitPrice: input.unitPrice,
    amount: priced.subtotal,
  });
  if (priced.fees.length > 0) {
    await tx
      .insert(orderFees)
      .values(priced.fees.map((f) => ({ id: `of_${randomUUID()}`, orderId: id, kind: f.kind, amount: f.amount })));
  }
  await tx.insert(orderHistory).values({
    orderId: id,
    event: 'placed',
    status: ORDER_STATUS.pending,
    actorUserId: input.actorUserId ?? input.buyerUserId,
  });
  if (input.approval === 'approved' && input.actorUserId === undefined) {
    // Approved at once (no seller step): say so in the history, as the seller's approval would.
    await tx.insert(orderHistory).values({ orderId: id, event: 'approved', status: ORDER_STATUS.pending });
  }
  const placed = await presentOrder(tx, id, deps.featureOverrides ?? {});
  if (!placed) throw new Error(`order ${id} vanished after it was written`);
  await mailOrderPlaced(tx, deps, placed);
  if (soleLot) {
    const moved = await changeLotStatus(tx, input.lotId, 'order');
    if (!moved.changed) throw new Error(`lot ${input.lotId} is not Sold: no order can be made for it`);
  }
  return {
    id,
    number: row.number,
    total: priced.total,
    amountDue: priced.total - depositApplied,
    currency: lot.currency,
    companyId: lot.companyId,
    approval: input.approval,
  };
}

type Exemption = { id: string; region: string; expiresAt: Date | null };

/**
 * The buyer's newest tax exemption that is active now (database clock) for the state or province the lot sits
 * in (`region`, its location's), or null: a Texas certificate exempts nothing in Ontario (issue 25). A lot with
 * no location has no region, so no exemption applies to it (publishing requires one: `publish-checks.ts`).
 */
export async function activeExemption(
  tx: Executor,
  userId: string,
  now: Date,
  region: string | null,
): Promise<Exemption | null> {
  if (region === null) return null;
  const [row] = await tx
    .select({ id: taxExemptions.id, region: taxExemptions.region, expiresAt: taxExemptions.expiresAt })
    .from(taxExemptions)
    .where(and(eq(taxExemptions.userId, userId), eq(taxExemptions.region, region), effectiveStatusIs('active', now)))
    .orderBy(desc(taxExemptions.createdAt))
    .limit(1);
  return row ?? null;
}

/** What the invoice prints in place of tax. */
export function exemptionReason(e: Exemption): string {
  const until = e.expiresAt ? `, valid until ${e.expiresAt.toISOString().slice(0, 10)}` : '';
  return `Tax exempt: the buyer's exemption certificate for ${e.region} is on file and active${until}.`;
}
