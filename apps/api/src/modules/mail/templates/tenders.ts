import { formatMoney, formatUtc } from '../../../lib/money';
import type { MailMessage } from '../mailer';
import { mailWithAction } from './mail-with-action';

/** Sealed tenders' e-mails (issue 15; decision 0047): each goes to one tenderer and names only their own amount. */

export interface TenderLotAbout {
  number: string;
  name: string;
  currency: string;
  /** The lot's page (absolute). */
  url: string;
}

type To = { email: string; name: string };

const title = (lot: TenderLotAbout) => `lot ${lot.number} “${lot.name}”`;

/**
 * To the tenderer only, when their tender is in (first or replaced). It names no amount (decision 0070): a
 * stored or forwarded mail, or the local outbox, must not show a sealed amount before the close; the
 * tenderer reads their own on the lot's page. The outcome mails, sent after the close, name it.
 */
export function tenderReceivedMail(
  to: To,
  lot: TenderLotAbout,
  tender: { replaced: boolean; closesAt: Date | null },
): MailMessage {
  return mailWithAction(
    to.email,
    `Your tender on ${lot.name} is in`,
    to.name,
    [
      tender.replaced
        ? `We received your new sealed tender on ${title(lot)}. It replaces your previous tender.`
        : `We received your sealed tender on ${title(lot)}.`,
      tender.closesAt === null
        ? 'You may replace it until the lot closes.'
        : `You may replace it until the lot closes on ${formatUtc(tender.closesAt)}.`,
      'Your amount is shown on the lot’s page while you are signed in. Nobody, the seller included, can see tender amounts before the close.',
    ],
    ['View the lot', lot.url],
  );
}

/** To the tenderer the seller chose: an order follows. */
export function tenderAwardedMail(to: To, lot: TenderLotAbout, amount: number, orderUrl: string): MailMessage {
  return mailWithAction(
    to.email,
    `Your tender on ${lot.name} was accepted`,
    to.name,
    [
      `Congratulations: the seller awarded ${title(lot)} to your tender of ${formatMoney(amount, lot.currency)}.`,
      'Your order has been created; it shows the invoice and how to pay.',
    ],
    ['View your order', orderUrl],
  );
}

/** To every other tenderer (and to all when the seller awards none or the award window passes). */
export function tenderNotAwardedMail(to: To, lot: TenderLotAbout, amount: number): MailMessage {
  return mailWithAction(
    to.email,
    `Your tender on ${lot.name} was not accepted`,
    to.name,
    [
      `The seller did not award ${title(lot)} to your tender of ${formatMoney(amount, lot.currency)}.`,
      'Thank you for tendering.',
    ],
    ['View the lot', lot.url],
  );
}
