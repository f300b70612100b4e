import { type FeatureFlag, OFFER_CODES, type Offer, type OfferStatus } from '@lotline/contracts';
import type { Database, Executor } from '@lotline/db';
import { offers } from '@lotline/db/schema';
import { eq, sql } from 'drizzle-orm';
import { AppError } from '../../lib/errors';
import { eventPausedError, openPause } from '../event-pauses/event-paused';
import { requireOrderFits } from '../orders/order-bounds';
import { featureOn } from '../platform/get-feature-flags';
import { type LockedOffer, lockOpenOffer, type OfferActor } from './lock-offer';
import { notifyOffer, type OfferMailDeps } from './notify-offer';
import { lockOfferLot, offerExpirySql, requireBelowPrice } from './offer-rules';
import { readOffer } from './offer-view';

/**
 * The answers that move no stock (decision 0046), each one guarded
 * transaction over the offer's row lock: the seller declines or counters a
 * pending offer; the buyer declines a counter or withdraws a pending offer.
 */

async function answer(
  db: Database,
  offerId: string,
  actor: OfferActor,
  from: readonly OfferStatus[],
  act: (tx: Executor, offer: LockedOffer) => Promise<void>,
): Promise<Offer> {
  return db.transaction(async (tx) => {
    const offer = await lockOpenOffer(tx, offerId, actor, from);
    await act(tx, offer);
    return readOffer(tx, offerId);
  });
}

const settle = (tx: Executor, id: string, status: 'declined' | 'withdrawn') =>
  tx.update(offers).set({ status, decidedAt: sql`now()`, updatedAt: sql`now()` }).where(eq(offers.id, id));

/** The seller declines a pending offer; the buyer is told. */
export function declineOffer(db: Database, deps: OfferMailDeps, offerId: string, sellerUserId: string) {
  return answer(db, offerId, { side: 'seller', userId: sellerUserId }, ['pending'], async (tx, offer) => {
    await settle(tx, offer.id, 'declined');
    await notifyOffer(tx, deps, offer.id, 'declined');
  });
}

/** The buyer declines the seller's counter; the seller's users are told. */
export function declineCounter(db: Database, deps: OfferMailDeps, offerId: string, buyerUserId: string) {
  return answer(db, offerId, { side: 'buyer', userId: buyerUserId }, ['countered'], async (tx, offer) => {
    await settle(tx, offer.id, 'declined');
    await notifyOffer(tx, deps, offer.id, 'counter-declined');
  });
}

/** The buyer takes back a pending offer (a counter is declined instead). */
export function withdrawOffer(db: Database, offerId: string, buyerUserId: string) {
  return answer(db, offerId, { side: 'buyer', userId: buyerUserId }, ['pending'], (tx, offer) =>
    settle(tx, offer.id, 'withdrawn').then(() => undefined),
  );
}

/**
 * The seller counters a pending offer once (COUNTER_OFFER on): a price per
 * unit above the offer and below the Buy Now price. The counter runs 48 hours
 * from now (database clock); the buyer is told.
 */
export async function counterOffer(
  db: Database,
  deps: OfferMailDeps & { featureOverrides: Partial<Record<FeatureFlag, boolean>> },
  offerId: string,
  sellerUserId: string,
  amount: number,
): Promise<Offer> {
  return answer(db, offerId, { side: 'seller', userId: sellerUserId }, ['pending'], async (tx, offer) => {
    // After the offer's 404: a stranger learns nothing, not even whether counters are on.
    if (!(await featureOn(tx, deps.featureOverrides, 'COUNTER_OFFER')))
      throw new AppError(OFFER_CODES.countersOff, 'Counter-offers are turned off: accept or decline the offer.', {
        status: 409,
      });
    if (amount <= offer.amount)
      throw new AppError(OFFER_CODES.counterTooLow, 'A counter-offer must be above the buyer’s offer.', {
        status: 409,
        field: 'amount',
      });
    const lot = await lockOfferLot(tx, offer.lotId);
    // A paused event takes no new price either (decision 0087): the buyer could not accept it meanwhile.
    if (lot && (await openPause(tx, lot.eventId))) throw eventPausedError('offer');
    if (lot) requireBelowPrice(lot, amount, 'counter');
    requireOrderFits(amount, offer.quantity, 'amount');
    await tx
      .update(offers)
      .set({
        status: 'countered',
        counterAmount: amount,
        counteredAt: sql`now()`,
        expiresAt: offerExpirySql,
        updatedAt: sql`now()`,
      })
      .where(eq(offers.id, offer.id));
    await notifyOffer(tx, deps, offer.id, 'countered');
  });
}
