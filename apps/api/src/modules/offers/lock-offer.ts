import { OFFER_CODES, type OfferStatus } from '@lotline/contracts';
import type { Executor } from '@lotline/db';
import { offers } from '@lotline/db/schema';
import { eq, sql } from 'drizzle-orm';
import { AppError } from '../../lib/errors';
import { formatUtc } from '../../lib/money';
import { requireOwnRow } from '../sellers/company-access';

/** Who answers an offer: the buyer who made it, or a user of the seller company. */
export type OfferActor = { side: 'buyer' | 'seller'; userId: string };

export type LockedOffer = {
  id: string;
  lotId: string;
  companyId: string;
  buyerUserId: string;
  status: OfferStatus;
  amount: number;
  counterAmount: number | null;
  quantity: number;
  expiresAt: Date;
  expired: boolean;
};

const CLOSED: Record<OfferStatus, string> = {
  pending: 'This offer is waiting for the seller.',
  countered: 'The seller countered this offer: the buyer answers it now.',
  accepted: 'This offer was already accepted.',
  declined: 'This offer was declined.',
  expired: 'This offer has expired.',
  withdrawn: 'This offer was withdrawn.',
};

/**
 * The offer, its row locked until the transaction ends, when `actor` may
 * answer it (another buyer: 404, its existence is not revealed; a user of
 * another company or a non-seller on the seller's side: 403, decision 0054) and it is in
 * one of `from` and not expired by the database clock (`clock_timestamp()`,
 * read after the lock: an offer whose time ran out while the request waited
 * is refused too). The `expire-offers` job stores the expiry later; an
 * answer never waits for it (decision 0046).
 */
export async function lockOpenOffer(
  tx: Executor,
  offerId: string,
  actor: OfferActor,
  from: readonly OfferStatus[],
): Promise<LockedOffer> {
  const [offer] = await tx
    .select({
      id: offers.id,
      lotId: offers.lotId,
      companyId: offers.companyId,
      buyerUserId: offers.buyerUserId,
      status: offers.status,
      amount: offers.amount,
      counterAmount: offers.counterAmount,
      quantity: offers.quantity,
      expiresAt: offers.expiresAt,
      expired: sql<boolean>`${offers.expiresAt} <= clock_timestamp()`,
    })
    .from(offers)
    .where(eq(offers.id, offerId))
    .for('update');
  // The buyer's side keeps another buyer's offer unknown (404); the seller's side refuses another company's (403).
  if (actor.side === 'seller') await requireOwnRow(tx, actor.userId, offer, 'No such offer.');
  else if (offer?.buyerUserId !== actor.userId) throw AppError.notFound('No such offer.');
  if (!offer) throw AppError.notFound('No such offer.');
  const open = offer.status === 'pending' || offer.status === 'countered';
  if (open && offer.expired)
    throw new AppError(OFFER_CODES.offerClosed, `This offer expired on ${formatUtc(offer.expiresAt)}.`, {
      status: 409,
    });
  if (!from.includes(offer.status)) throw new AppError(OFFER_CODES.offerClosed, CLOSED[offer.status], { status: 409 });
  return offer;
}
