import { randomUUID } from 'node:crypto';
import { OFFER_CODES, OFFERS_PER_LOT, type OfferBody } from '@lotline/contracts';
import type { Database } from '@lotline/db';
import { offers } from '@lotline/db/schema';
import { and, eq, sql } from 'drizzle-orm';
import { AppError } from '../../lib/errors';
import { type IdempotentAnswer, withIdempotency } from '../../lib/http/idempotency';
import { requireOrderFits } from '../orders/order-bounds';
import { assertNotOwnLot } from '../sellers/own-lot';
import { notifyOffer, type OfferMailDeps } from './notify-offer';
import {
  lockOfferLot,
  lotNotOpen,
  offerExpirySql,
  outOfStock,
  requireBelowPrice,
  requireVerified,
} from './offer-rules';
import { readOffer } from './offer-view';

export interface MakeOfferInput {
  userId: string;
  lotId: string;
  body: OfferBody;
  idempotencyKey: string | undefined;
}

/**
 * POST offers (contract §5; decision 0046): a verified buyer offers a price
 * per unit below the Buy Now price of an open Best Offer item, for units that
 * are in stock. A buyer has at most one open offer on a lot (it must be
 * answered, withdrawn or expire first) and makes at most OFFERS_PER_LOT in
 * all, as eBay does. The offer expires 48 hours later (database clock); the
 * seller's users are told in the same transaction.
 */
export async function makeOffer(db: Database, deps: OfferMailDeps, input: MakeOfferInput): Promise<IdempotentAnswer> {
  const { userId, lotId, body } = input;
  const scope = `POST /marketplace/api/event/event-lots/${lotId}/offers`;
  return withIdempotency(db, { userId, key: input.idempotencyKey, scope, body }, async (tx) => {
    const lot = await lockOfferLot(tx, lotId);
    if (!lot?.public) throw AppError.notFound('No such lot.');
    await requireVerified(tx, userId);
    await assertNotOwnLot(tx, userId, lot, 'offer');
    if (lot.type !== 'BuyItNowItem' || !lot.bestOfferEnabled)
      throw new AppError(OFFER_CODES.offersNotAccepted, 'This lot does not take offers.', { status: 409 });
    if (!lot.open) throw lotNotOpen();
    requireBelowPrice(lot, body.amount, 'offer');
    const quantity = body.quantity ?? 1;
    if (quantity > lot.quantity) throw outOfStock(lot.quantity);
    requireOrderFits(body.amount, quantity);

    const mine = await tx
      .select({ open: sql<boolean>`${offers.status} in ('pending', 'countered') and ${offers.expiresAt} > now()` })
      .from(offers)
      .where(and(eq(offers.lotId, lotId), eq(offers.buyerUserId, userId)));
    if (mine.some((o) => o.open))
      throw new AppError(
        OFFER_CODES.offerOpen,
        'You already have an open offer on this lot: wait for the answer, withdraw it, or let it expire.',
        { status: 409 },
      );
    if (mine.length >= OFFERS_PER_LOT)
      throw new AppError(OFFER_CODES.offerLimit, `You have made the ${OFFERS_PER_LOT} offers one lot allows.`, {
        status: 409,
      });

    const id = `off_${randomUUID()}`;
    await tx.insert(offers).values({
      id,
      lotId,
      buyerUserId: userId,
      companyId: lot.companyId,
      amount: body.amount,
      quantity,
      currency: lot.currency,
      message: body.message ? body.message : null,
      expiresAt: offerExpirySql,
    });
    await notifyOffer(tx, deps, id, 'received');
    return { status: 201, body: { status: 'success', data: { offer: await readOffer(tx, id) } } };
  });
}
