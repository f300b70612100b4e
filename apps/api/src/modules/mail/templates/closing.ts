import { formatMoney, formatUtc } from '../../../lib/money';
import type { MailMessage } from '../mailer';
import { mailWithAction } from './mail-with-action';

/** What every closing e-mail says about the lot (BIDDING §7). */
export interface ClosedLot {
  number: string;
  name: string;
  currency: string;
  /** The lot's page (absolute). */
  url: string;
}

type To = { email: string; name: string };

const title = (lot: ClosedLot) => `lot ${lot.number} “${lot.name}”`;

/** The leader of a lot that sold at its close. */
export function lotWonMail(to: To, lot: ClosedLot, price: number): MailMessage {
  return mailWithAction(
    to.email,
    `You won ${lot.name}`,
    to.name,
    [
      `Congratulations: you won ${title(lot)} at ${formatMoney(price, lot.currency)}.`,
      'The seller will send your invoice; it says how to pay and collect the lot.',
    ],
    ['View the lot', lot.url],
  );
}

/**
 * A bidder who did not win: at the close (someone else led), or the leader of a
 * reserve-not-met lot the seller did not accept in time (`reserveNotAccepted`).
 */
export function lotLostMail(
  to: To,
  lot: ClosedLot,
  facts: { yourMaximum: number; price: number | null; reserveNotAccepted?: boolean },
): MailMessage {
  const yours = formatMoney(facts.yourMaximum, lot.currency);
  const lines = facts.reserveNotAccepted
    ? [
        `The seller did not accept your bid of ${yours} on ${title(lot)}, which was below the reserve.`,
        'The lot closed unsold.',
      ]
    : [
        facts.price === null
          ? `Bidding on ${title(lot)} has closed.`
          : `Bidding on ${title(lot)} closed at ${formatMoney(facts.price, lot.currency)}.`,
        `Your maximum bid was ${yours}: another bidder won.`,
      ];
  return mailWithAction(to.email, `You did not win ${lot.name}`, to.name, lines, ['View the lot', lot.url]);
}

/** The leader of a lot that closed below its reserve: the seller may still accept until `acceptBy`. */
export function reserveNotMetMail(to: To, lot: ClosedLot, price: number, acceptBy: Date): MailMessage {
  return mailWithAction(
    to.email,
    `Reserve not met on ${lot.name}`,
    to.name,
    [
      `Your bid of ${formatMoney(price, lot.currency)} was the highest on ${title(lot)}, but it did not reach the seller's reserve.`,
      `The seller may still accept it until ${formatUtc(acceptBy)}; if they do, the lot is yours at that price.`,
    ],
    ['View the lot', lot.url],
  );
}
