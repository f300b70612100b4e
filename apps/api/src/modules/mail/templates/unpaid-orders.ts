import { formatMoney, formatUtc } from '../../../lib/money';
import type { MailMessage } from '../mailer';
import { mailWithAction } from './mail-with-action';
import type { OrderMailFacts } from './orders';

/**
 * The e-mails of an order nobody pays (issue 25, decision 0061): the reminder before the payment window ends,
 * the cancellation (for non-payment, or by the seller or staff with their reason), and the runner-up's
 * second chance. Like every order e-mail they are not optional.
 */

export function paymentReminderMail(o: OrderMailFacts & { due: number; dueAt: Date }): MailMessage {
  return mailWithAction(
    o.to,
    `Order ${o.number}: payment due by ${formatUtc(o.dueAt)}`,
    o.name,
    [
      `Your order ${o.number} (${o.lotName}) still has ${formatMoney(o.due, o.currency)} to pay.`,
      `Pay it by ${formatUtc(o.dueAt)}, or the order is cancelled for non-payment and the lot may go to another buyer.`,
    ],
    ['Pay your order', o.url],
  );
}

export interface CancelledMailFacts extends OrderMailFacts {
  /** Null: the payment window ran out. */
  reason: string | null;
  /** A captured bid deposit the seller keeps (non-payment only), in the order's currency. */
  forfeited: number;
}

export function orderCancelledMail(o: CancelledMailFacts): MailMessage {
  const why =
    o.reason === null
      ? `Your order ${o.number} (${o.lotName}) was not paid within the payment window, so it is cancelled for non-payment.`
      : `Your order ${o.number} (${o.lotName}) was cancelled: ${o.reason}`;
  const money =
    o.forfeited > 0
      ? `Your bid deposit of ${formatMoney(o.forfeited, o.currency)} is kept by the seller, as the event's terms say.`
      : 'Any refund of what you paid is shown on the order page and confirmed by e-mail.';
  return mailWithAction(o.to, `Order ${o.number} cancelled`, o.name, [why, money], action(o));
}

/**
 * The seller's people hear of a cancellation they did not make: for non-payment (reason null), or by staff
 * (with the reason). Their page is the seller's order page.
 */
export function orderCancelledSellerMail(
  to: { email: string; name: string },
  o: CancelledMailFacts & { sellerUrl: string },
): MailMessage {
  const why =
    o.reason === null
      ? `Order ${o.number} (${o.lotName}) was not paid within the payment window, so it is cancelled for non-payment.`
      : `Staff cancelled order ${o.number} (${o.lotName}): ${o.reason}`;
  const lines = [why, 'Its units are back on sale; an auction lot is offered to its runner-up, if any, for 48 hours.'];
  if (o.forfeited > 0) {
    lines.push(`The buyer's bid deposit of ${formatMoney(o.forfeited, o.currency)} was captured and is kept for you.`);
  }
  return mailWithAction(to.email, `Order ${o.number} cancelled`, to.name, lines, ['View the order', o.sellerUrl]);
}

export function secondChanceMail(o: {
  to: string;
  name: string;
  lotName: string;
  amount: number;
  currency: string;
  expiresAt: Date;
  url: string;
}): MailMessage {
  return mailWithAction(
    o.to,
    `Second chance: ${o.lotName}`,
    o.name,
    [
      `The winner of ${o.lotName} did not pay, so the lot is offered to you at your own highest bid, ${formatMoney(o.amount, o.currency)}, plus the buyer's premium, fees and tax of the event's terms.`,
      `The offer is open until ${formatUtc(o.expiresAt)}. If you accept, your default card is charged as for a win.`,
    ],
    ['See the offer', o.url],
  );
}

const action = (o: OrderMailFacts): [string, string] => ['View your order', o.url];
