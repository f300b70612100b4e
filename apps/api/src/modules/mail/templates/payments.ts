import { formatMoney } from '../../../lib/money';
import type { MailMessage } from '../mailer';
import { mailWithAction } from './mail-with-action';

/**
 * The e-mails of paying an order (issue 15, decision 0044): transactional,
 * always sent. `url` is the order's page for the person written to.
 */
export interface PaymentMail {
  to: { email: string; name: string };
  number: string;
  /** What was paid by this payment, or the amount due when a payment failed. */
  amount: number;
  currency: string;
  url: string;
}

export function orderPaidMail(mail: PaymentMail, how: 'card' | 'wire'): MailMessage {
  return mailWithAction(
    mail.to.email,
    `Order ${mail.number} is paid`,
    mail.to.name,
    [
      `We received ${formatMoney(mail.amount, mail.currency)} for order ${mail.number}${how === 'wire' ? ' by wire transfer' : ''}.`,
      'The order is paid in full. The seller will arrange shipping or collection.',
    ],
    ['See the order', mail.url],
  );
}

export function orderPaidSellerMail(mail: PaymentMail): MailMessage {
  return mailWithAction(
    mail.to.email,
    `Order ${mail.number} is paid`,
    mail.to.name,
    [
      `The buyer has paid order ${mail.number} in full (${formatMoney(mail.amount, mail.currency)} received).`,
      'You can now hand the goods over: mark the order shipped or collected when it is done.',
    ],
    ['See the order', mail.url],
  );
}

export function paymentFailedMail(mail: PaymentMail & { reason: string }): MailMessage {
  return mailWithAction(
    mail.to.email,
    `Payment for order ${mail.number} failed`,
    mail.to.name,
    [
      `We could not take ${formatMoney(mail.amount, mail.currency)} for order ${mail.number}: ${mail.reason}`,
      'The order is kept for you. Pay with another card, or pay by wire transfer, from the order page.',
    ],
    ['Pay for the order', mail.url],
  );
}
