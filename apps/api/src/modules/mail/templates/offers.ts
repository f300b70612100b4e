import { formatMoney, formatUtc } from '../../../lib/money';
import type { MailMessage } from '../mailer';
import { mailWithAction } from './mail-with-action';

/** The best-offer e-mails (issue 15; decision 0046): to the seller's users, and to the buyer. */

export interface OfferMailFacts {
  lotName: string;
  lotNumber: string;
  currency: string;
  quantity: number;
  /** The offer, per unit. */
  amount: number;
  counterAmount: number | null;
  expiresAt: Date;
}

type To = { email: string; name: string };

const title = (o: OfferMailFacts) => `lot ${o.lotNumber} “${o.lotName}”`;
const units = (o: OfferMailFacts) => (o.quantity === 1 ? '' : ` each for ${o.quantity} units`);
const money = (o: OfferMailFacts, amount: number) => formatMoney(amount, o.currency);

/** A seller user: a buyer made an offer. `offersUrl` is the seller's offers page. */
export function offerReceivedMail(to: To, o: OfferMailFacts, offersUrl: string, note: string | null): MailMessage {
  return mailWithAction(
    to.email,
    `New offer on ${o.lotName}`,
    to.name,
    [
      `A buyer offered ${money(o, o.amount)}${units(o)} on ${title(o)}.`,
      ...(note ? [`Their message: ${note}`] : []),
      `Accept, decline or counter it before ${formatUtc(o.expiresAt)}; after that it expires.`,
    ],
    ['Answer the offer', offersUrl],
  );
}

/** The buyer: the seller countered. */
export function offerCounteredMail(to: To, o: OfferMailFacts, offersUrl: string): MailMessage {
  return mailWithAction(
    to.email,
    `Counter-offer on ${o.lotName}`,
    to.name,
    [
      `The seller answered your offer of ${money(o, o.amount)} on ${title(o)} with a counter-offer of ${money(o, o.counterAmount ?? o.amount)}${units(o)}.`,
      `Accept or decline it before ${formatUtc(o.expiresAt)}; after that it expires.`,
    ],
    ['See your offers', offersUrl],
  );
}

/** The buyer: the seller accepted the offer, or the buyer's own acceptance of a counter made the order. */
export function offerAcceptedMail(to: To, o: OfferMailFacts, orderUrl: string, price: number): MailMessage {
  return mailWithAction(
    to.email,
    `Offer accepted: ${o.lotName}`,
    to.name,
    [
      `Your offer on ${title(o)} was accepted at ${money(o, price)}${units(o)}.`,
      'Your order is placed and your default card is charged; the order page shows the invoice and how to pay if the card is refused.',
    ],
    ['View your order', orderUrl],
  );
}

/** A seller user: the buyer accepted the counter-offer; the order exists. */
export function counterAcceptedMail(to: To, o: OfferMailFacts, orderUrl: string): MailMessage {
  return mailWithAction(
    to.email,
    `Counter-offer accepted: ${o.lotName}`,
    to.name,
    [
      `The buyer accepted your counter-offer of ${money(o, o.counterAmount ?? o.amount)}${units(o)} on ${title(o)}.`,
      'The order is placed and the units are reserved for it.',
    ],
    ['View the order', orderUrl],
  );
}

/** A seller user: the buyer declined the counter-offer; the units stay on sale. */
export function counterDeclinedMail(to: To, o: OfferMailFacts, offersUrl: string): MailMessage {
  return mailWithAction(
    to.email,
    `Counter-offer declined: ${o.lotName}`,
    to.name,
    [`The buyer declined your counter-offer of ${money(o, o.counterAmount ?? o.amount)}${units(o)} on ${title(o)}.`],
    ['See your offers', offersUrl],
  );
}

/** The buyer: the seller declined the offer. */
export function offerDeclinedMail(to: To, o: OfferMailFacts, lotUrl: string): MailMessage {
  return mailWithAction(
    to.email,
    `Offer declined: ${o.lotName}`,
    to.name,
    [
      `The seller declined your offer of ${money(o, o.amount)} on ${title(o)}.`,
      'You may make another offer or buy it now while it is for sale.',
    ],
    ['View the lot', lotUrl],
  );
}

/** The buyer: the offer (or the seller's counter) expired unanswered. */
export function offerExpiredMail(to: To, o: OfferMailFacts, lotUrl: string): MailMessage {
  const what =
    o.counterAmount === null
      ? `Your offer of ${money(o, o.amount)} on ${title(o)} expired: the seller did not answer within 48 hours.`
      : `The seller's counter-offer of ${money(o, o.counterAmount)} on ${title(o)} expired: it was not accepted within 48 hours.`;
  return mailWithAction(
    to.email,
    `Offer expired: ${o.lotName}`,
    to.name,
    [what, 'You may make another offer or buy it now while it is for sale.'],
    ['View the lot', lotUrl],
  );
}
