import { formatMoney } from '../bidding/lot-columns';
import type { MailMessage } from '../mail/mailer';
import { mailWithAction } from '../mail/templates/mail-with-action';

/** The e-mails of the marketplace's own actions on events and lots (decisions 0081 and 0082). */

interface To {
  email: string;
  name: string;
}

/** A lot someone bid on or watches was withdrawn by the marketplace, with the reason staff gave. */
export function lotWithdrawnMail(
  to: To,
  lot: { number: string; name: string; eventName: string; url: string },
  facts: { reason: string; bid: boolean },
): MailMessage {
  return mailWithAction(
    to.email,
    `Lot ${lot.number} “${lot.name}” was withdrawn`,
    to.name,
    [
      `The marketplace withdrew lot ${lot.number} “${lot.name}” in ${lot.eventName} from sale.`,
      `The reason given: ${facts.reason}`,
      facts.bid
        ? 'Your bids on it no longer count and nothing is owed for it.'
        : 'You are told because it is on your watchlist.',
    ],
    ['View the lot', lot.url],
  );
}

/** A deposit hold cancelled before the event closed: nothing open in the event needs it any more. */
export function depositFreedMail(
  to: To,
  facts: { eventName: string; deposit: { amount: number; currency: string }; url: string },
): MailMessage {
  return mailWithAction(
    to.email,
    `Your deposit for ${facts.eventName} was released`,
    to.name,
    [
      `Your registration for ${facts.eventName} no longer covers a lot you can bid on or win.`,
      `The hold of ${formatMoney(facts.deposit.amount, facts.deposit.currency)} on your card has been cancelled. Your bank may take a few days to show it.`,
    ],
    ['See the event', facts.url],
  );
}
