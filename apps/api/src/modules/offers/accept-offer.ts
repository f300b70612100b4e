import type { Database } from '@lotline/db';
import { offers } from '@lotline/db/schema';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type IdempotentAnswer, withIdempotency } from '../../lib/http/idempotency';
import { eventPausedError } from '../event-pauses/event-paused';
import { publishLotChanges } from '../live/publish-lot-changes';
import { createOrder } from '../orders/create-order';
import { chargeOrder } from '../orders/payment/charge-order';
import { takeStock } from '../orders/stock';
import type { PaymentProvider } from '../payments/provider';
import { lockSeller, sellerSuspended } from '../sellers/own-lot';
import { lockOpenOffer, type OfferActor } from './lock-offer';
import { notifyOffer, type OfferMailDeps } from './notify-offer';
import { lockOfferLot, lotNotOpen, outOfStock } from './offer-rules';
import { readOffer } from './offer-view';

export interface AcceptOfferDeps extends OfferMailDeps {
  db: Database;
  provider: PaymentProvider;
  log: Pick<FastifyBaseLogger, 'error'>;
}

/**
 * Accepting an offer (the seller, a pending one) or the seller's counter (the
 * buyer, a countered one) sells the units at that price (decision 0046): in
 * ONE transaction the offer's row lock, its status and expiry re-checked by
 * the database clock, the units taken (`takeStock`; none left: 409
 * OUT_OF_STOCK and the offer stays as it was), the order created
 * (`source: 'offer'`, approved) and the offer marked accepted with it, and the
 * e-mails. After the commit, only when this call did the work (not a replayed
 * Idempotency-Key): the lot's change is published and the buyer's default
 * card charged once; a refused card leaves the order pending for the buyer to
 * pay from its page.
 */
export async function acceptOffer(
  deps: AcceptOfferDeps,
  input: { offerId: string; actor: OfferActor; scope: string; idempotencyKey: string | undefined },
): Promise<IdempotentAnswer> {
  const { db } = deps;
  let sold: { orderId: string; lotId: string } | null = null;
  const request = { userId: input.actor.userId, key: input.idempotencyKey, scope: input.scope, body: {} };
  const answer = await withIdempotency(db, request, async (tx) => {
    const by = input.actor.side;
    const offer = await lockOpenOffer(tx, input.offerId, input.actor, [by === 'seller' ? 'pending' : 'countered']);
    const lot = await lockOfferLot(tx, offer.lotId);
    if (!lot?.open) throw lotNotOpen();
    // A suspended company's lots are view-only (decision 0076), a paused event's too (decision 0087): nor
    // does an offer or a counter sell, on either side.
    const seller = await lockSeller(tx, lot, []);
    if (seller.suspended) throw sellerSuspended('offer');
    if (seller.paused) throw eventPausedError('offer');
    if (!(await takeStock(tx, offer.lotId, offer.quantity))) throw outOfStock(lot.quantity);
    const unitPrice = by === 'seller' ? offer.amount : (offer.counterAmount ?? offer.amount);
    const order = await createOrder(
      tx,
      {
        source: 'offer',
        buyerUserId: offer.buyerUserId,
        lotId: offer.lotId,
        quantity: offer.quantity,
        unitPrice,
        approval: 'approved',
        offerId: offer.id,
        ...(by === 'seller' ? { actorUserId: input.actor.userId } : {}),
      },
      deps,
    );
    await tx
      .update(offers)
      .set({ status: 'accepted', orderId: order.id, decidedAt: sql`now()`, updatedAt: sql`now()` })
      .where(eq(offers.id, offer.id));
    await notifyOffer(tx, deps, offer.id, by === 'seller' ? 'accepted' : 'counter-accepted');
    sold = { orderId: order.id, lotId: offer.lotId };
    return { status: 200, body: { status: 'success', data: { offer: await readOffer(tx, offer.id) } } };
  });
  const done = sold as { orderId: string; lotId: string } | null;
  if (done) {
    await publishLotChanges(db, [done.lotId]);
    try {
      // A `failed` outcome is kept on the order (payment_error): the buyer pays from the order page.
      await chargeOrder({ ...deps, mail: deps }, done.orderId);
    } catch (err) {
      deps.log.error({ err, orderId: done.orderId }, 'the accepted offer could not be charged');
    }
  }
  return answer;
}
