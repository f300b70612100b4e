import type { MailMessage } from '../mailer';
import { mailWithAction } from './mail-with-action';

export interface OutbidMail {
  to: { email: string; name: string };
  lotName: string;
  /** The new price, formatted with its currency ("$1,250"). */
  price: string;
  /** The lot's page. */
  url: string;
}

/** BIDDING §3: the previous leader's maximum was beaten (the user may turn it off: `outbid`). */
export function outbidMail({ to, lotName, price, url }: OutbidMail): MailMessage {
  return mailWithAction(
    to.email,
    `You have been outbid on ${lotName}`,
    to.name,
    [
      `Another bidder's maximum is above yours on ${lotName}. The price is now ${price}.`,
      'Bid again before the lot closes.',
    ],
    ['Bid again', url],
  );
}
