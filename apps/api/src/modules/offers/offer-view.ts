import type { Offer, OfferStatus, OfferView } from '@lotline/contracts';
import type { Executor } from '@lotline/db';
import { companies, eventLots, offers, orders, users } from '@lotline/db/schema';
import { eq, type SQL, sql } from 'drizzle-orm';

/**
 * How an offer reads (contract §5 `offer`; decision 0046). Its status is the
 * effective one: an open offer (pending or countered) whose `expires_at` has
 * passed by the database clock reads `expired` at once, before the
 * `expire-offers` job stores it, so no page offers an answer that would be
 * refused.
 */

/** The statuses an offer can still be answered in. */
export const OPEN_OFFER_STATUSES = ['pending', 'countered'] as const;

export const effectiveOfferStatus = sql<OfferStatus>`(case when ${offers.status} in ('pending', 'countered')
  and ${offers.expiresAt} <= now() then 'expired' else ${offers.status}::text end)`;

export const offerColumns = {
  id: offers.id,
  status: effectiveOfferStatus,
  amount: offers.amount,
  counterAmount: offers.counterAmount,
  expiresAt: offers.expiresAt,
  lotId: offers.lotId,
  quantity: offers.quantity,
  currency: offers.currency,
  message: offers.message,
  orderId: offers.orderId,
  createdAt: offers.createdAt,
};

export type OfferRow = {
  id: string;
  status: OfferStatus;
  amount: number;
  counterAmount: number | null;
  expiresAt: Date;
  lotId: string;
  quantity: number;
  currency: string;
  message: string | null;
  orderId: string | null;
  createdAt: Date;
};

export function presentOffer(r: OfferRow): Offer {
  return {
    _id: r.id,
    status: r.status,
    amount: r.amount,
    counterAmount: r.counterAmount,
    expiresAt: r.expiresAt.toISOString(),
    eventLotId: r.lotId,
    quantity: r.quantity,
    currency: r.currency.trim(),
    message: r.message,
    orderId: r.orderId,
    createdAt: r.createdAt.toISOString(),
  };
}

/** One offer as the contract shows it (after a change, inside the transaction that made it). */
export async function readOffer(db: Executor, offerId: string): Promise<Offer> {
  const [row] = await db.select(offerColumns).from(offers).where(eq(offers.id, offerId));
  if (!row) throw new Error(`offer ${offerId} vanished`);
  return presentOffer(row);
}

/** Offers with their lot (and buyer, for the seller): open ones first, then newest first. */
export async function listOfferViews(db: Executor, where: SQL, withBuyer: boolean): Promise<OfferView[]> {
  const rows = await db
    .select({
      ...offerColumns,
      lotName: eventLots.name,
      lotNumber: eventLots.number,
      buyItNowPrice: eventLots.buyItNowPrice,
      lotQuantity: eventLots.quantity,
      buyerName: users.name,
      sellerName: sql<string>`coalesce(${companies.displayName}, ${companies.name})`,
      sellerSlug: companies.slug,
      companyId: offers.companyId,
      orderNumber: orders.number,
      orderStatus: orders.status,
    })
    .from(offers)
    .innerJoin(eventLots, eq(eventLots.id, offers.lotId))
    .innerJoin(users, eq(users.id, offers.buyerUserId))
    .innerJoin(companies, eq(companies.id, offers.companyId))
    .leftJoin(orders, eq(orders.id, offers.orderId))
    .where(where)
    .orderBy(sql`(${effectiveOfferStatus} in ('pending', 'countered')) desc`, sql`${offers.createdAt} desc`, offers.id)
    .limit(200);
  return rows.map((r) => ({
    ...presentOffer(r),
    lot: {
      _id: r.lotId,
      name: r.lotName,
      number: r.lotNumber,
      buyItNowPrice: r.buyItNowPrice,
      quantity: r.lotQuantity,
    },
    seller: { _id: r.companyId, name: r.sellerName, slug: r.sellerSlug },
    buyer: withBuyer ? { name: r.buyerName } : null,
    order:
      r.orderId && r.orderNumber && r.orderStatus
        ? { _id: r.orderId, number: r.orderNumber, status: r.orderStatus }
        : null,
  }));
}
