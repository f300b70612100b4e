import type { FeatureFlag } from '@lotline/contracts';
import { lotPagePath, MY_OFFERS_PATH, orderPagePath, SELLER_OFFERS_PATH } from '@lotline/contracts';
import type { Executor } from '@lotline/db';
import { eventLots, offers, users } from '@lotline/db/schema';
import { eq } from 'drizzle-orm';
import type { Mailer } from '../mail/mailer';
import {
  counterAcceptedMail,
  counterDeclinedMail,
  type OfferMailFacts,
  offerAcceptedMail,
  offerCounteredMail,
  offerDeclinedMail,
  offerExpiredMail,
  offerReceivedMail,
} from '../mail/templates/offers';
import { sellerEmails } from '../sellers/company-members';

export interface OfferMailDeps {
  mailer: Mailer;
  /** The site's origin (links in e-mails). */
  publicOrigin: string;
  /** The deployment's flag overrides (config.featureOverrides): the order e-mails' invoice follows them. */
  featureOverrides?: Partial<Record<FeatureFlag, boolean>>;
}

/**
 * What happened to an offer, and who is told (decision 0046). Sent inside the
 * transaction that made the change, so the mail exists exactly when it
 * commits. Offer e-mails answer the person's own action or a deadline on it:
 * there is no setting to turn them off, as there is none for order e-mails.
 */
export type OfferNews =
  | 'received'
  | 'countered'
  | 'accepted'
  | 'counter-accepted'
  | 'declined'
  | 'counter-declined'
  | 'expired';

export async function notifyOffer(tx: Executor, deps: OfferMailDeps, offerId: string, news: OfferNews): Promise<void> {
  const [row] = await tx
    .select({
      lotId: offers.lotId,
      companyId: offers.companyId,
      amount: offers.amount,
      counterAmount: offers.counterAmount,
      quantity: offers.quantity,
      currency: offers.currency,
      message: offers.message,
      expiresAt: offers.expiresAt,
      orderId: offers.orderId,
      lotName: eventLots.name,
      lotNumber: eventLots.number,
      buyerEmail: users.email,
      buyerName: users.name,
    })
    .from(offers)
    .innerJoin(eventLots, eq(eventLots.id, offers.lotId))
    .innerJoin(users, eq(users.id, offers.buyerUserId))
    .where(eq(offers.id, offerId));
  if (!row) return;
  const facts: OfferMailFacts = { ...row, currency: row.currency.trim() };
  const at = (path: string) => `${deps.publicOrigin}${path}`;
  const buyer = { email: row.buyerEmail, name: row.buyerName };
  const send = (m: Parameters<Mailer['send']>[0]) => deps.mailer.send(m, { tx });
  const toSellers = async (mail: (to: { email: string; name: string }) => Parameters<Mailer['send']>[0]) => {
    for (const seller of await sellerEmails(tx, row.companyId)) await send(mail(seller));
  };
  switch (news) {
    case 'received':
      return toSellers((s) => offerReceivedMail(s, facts, at(SELLER_OFFERS_PATH), row.message));
    case 'countered':
      return send(offerCounteredMail(buyer, facts, at(MY_OFFERS_PATH)));
    case 'accepted':
    case 'counter-accepted': {
      const orderId = row.orderId ?? '';
      const price = news === 'accepted' ? row.amount : (row.counterAmount ?? row.amount);
      await send(offerAcceptedMail(buyer, facts, at(orderPagePath('buyer', orderId)), price));
      if (news === 'counter-accepted')
        await toSellers((s) => counterAcceptedMail(s, facts, at(orderPagePath('seller', orderId))));
      return;
    }
    case 'declined':
      return send(offerDeclinedMail(buyer, facts, at(lotPagePath(row.lotId))));
    case 'counter-declined':
      return toSellers((s) => counterDeclinedMail(s, facts, at(SELLER_OFFERS_PATH)));
    case 'expired':
      return send(offerExpiredMail(buyer, facts, at(lotPagePath(row.lotId))));
  }
}
