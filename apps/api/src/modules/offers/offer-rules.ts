import { OFFER_CODES, OFFER_LIFETIME_HOURS } from '@lotline/contracts';
import type { Executor } from '@lotline/db';
import { eventLots, users } from '@lotline/db/schema';
import { LOT_STATUS } from '@lotline/domain';
import { eq, sql } from 'drizzle-orm';
import { AppError } from '../../lib/errors';
import { formatMoney } from '../../lib/money';
import { publicLotCondition } from '../lots/visibility';

/** The rules an offer's lot and amounts keep (decision 0046), shared by the offer and its answers. */

/** `expires_at` of a new offer or counter: the database clock + 48 hours. */
export const offerExpirySql = sql`now() + make_interval(hours => ${OFFER_LIFETIME_HOURS})`;

export type OfferLot = {
  id: string;
  type: string;
  bestOfferEnabled: boolean;
  companyId: string;
  eventId: string | null;
  currency: string;
  buyItNowPrice: number | null;
  quantity: number;
  open: boolean;
  public: boolean;
};

/**
 * The lot, its row locked until the transaction ends: every offer, answer and
 * purchase of one lot queue here, so "one open offer per buyer" and the stock
 * checks hold under simultaneous requests. Open = Active and within its start
 * and effective end by the database clock, as `takeStock` says.
 */
export async function lockOfferLot(tx: Executor, lotId: string): Promise<OfferLot | undefined> {
  const [lot] = await tx
    .select({
      id: eventLots.id,
      type: eventLots.type,
      bestOfferEnabled: eventLots.bestOfferEnabled,
      companyId: eventLots.companyId,
      eventId: eventLots.eventId,
      currency: eventLots.currency,
      buyItNowPrice: eventLots.buyItNowPrice,
      quantity: eventLots.quantity,
      open: sql<boolean>`(${eventLots.status} = ${LOT_STATUS.Active}
        and (${eventLots.startAt} is null or ${eventLots.startAt} <= clock_timestamp())
        and (${eventLots.endedAt} is null or ${eventLots.endedAt} > clock_timestamp()))`,
      public: sql<boolean>`${publicLotCondition()}`,
    })
    .from(eventLots)
    .where(eq(eventLots.id, lotId))
    .for('update', { of: eventLots });
  return lot;
}

export const lotNotOpen = () =>
  new AppError(OFFER_CODES.lotNotOpen, 'This lot is not for sale now: offers are closed.', { status: 409 });

export const outOfStock = (left: number) =>
  new AppError(
    OFFER_CODES.outOfStock,
    left === 0 ? 'This lot is sold out.' : `Only ${left} ${left === 1 ? 'unit is' : 'units are'} left.`,
    { status: 409, field: 'quantity' },
  );

/** An offer or counter at or above the Buy Now price makes no sense: the buyer can simply buy. */
export function requireBelowPrice(lot: OfferLot, amount: number, what: 'offer' | 'counter'): void {
  if (lot.buyItNowPrice === null || amount < lot.buyItNowPrice) return;
  const price = formatMoney(lot.buyItNowPrice, lot.currency.trim());
  throw new AppError(
    OFFER_CODES.offerTooHigh,
    what === 'offer'
      ? `An offer must be below the Buy Now price of ${price}; at that price, buy it now.`
      : `A counter-offer must be below the Buy Now price of ${price}.`,
    { status: 409, field: 'amount' },
  );
}

export async function requireVerified(tx: Executor, userId: string): Promise<void> {
  const [user] = await tx.select({ verified: users.verified }).from(users).where(eq(users.id, userId));
  if (!user?.verified)
    throw new AppError(OFFER_CODES.notVerified, 'Complete the verification of your account before you make an offer.', {
      status: 403,
    });
}
