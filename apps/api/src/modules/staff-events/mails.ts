import { formatUtc } from '../../lib/money';
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

/** A lot of a paused or resumed event, as its mail lists it. */
export interface PausedLot {
  number: string;
  name: string;
  endsAt: Date | null;
  url: string;
}

const lotLine = (lot: PausedLot, ends: string) =>
  `Lot ${lot.number} “${lot.name}”${lot.endsAt ? ` ${ends} ${formatUtc(lot.endsAt)}` : ''}: ${lot.url}`;

/** The marketplace paused an event someone registered for, bid on or watches (decision 0087). */
export function eventPausedMail(
  to: To,
  event: { eventName: string; reason: string; url: string },
  lots: PausedLot[],
): MailMessage {
  return mailWithAction(
    to.email,
    `Bidding on ${event.eventName} is paused`,
    to.name,
    [
      `The marketplace paused ${event.eventName}: no bids, tenders, offers or purchases are taken until it resumes, and no lot closes meanwhile.`,
      `The reason given: ${event.reason}`,
      'When it resumes, every lot still open closes later by the time the event was paused; we will write again with the new end times.',
      ...lots.map((lot) => lotLine(lot, 'was to end')),
    ],
    ['See the event', event.url],
  );
}

/** A paused event resumed: the lots' new end times (moved by the paused time, decision 0087). */
export function eventResumedMail(to: To, event: { eventName: string; url: string }, lots: PausedLot[]): MailMessage {
  return mailWithAction(
    to.email,
    `Bidding on ${event.eventName} has resumed`,
    to.name,
    [
      `The marketplace resumed ${event.eventName}: bidding is open again, and each lot closes later by the time it was paused.`,
      ...lots.map((lot) => lotLine(lot, 'now ends')),
    ],
    ['See the event', event.url],
  );
}
