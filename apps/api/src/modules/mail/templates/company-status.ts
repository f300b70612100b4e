import type { MailMessage } from '../mailer';
import { mailWithAction } from './mail-with-action';

/** To a company's owners when staff suspend or reactivate it (decision 0076). */
export function companyStatusMail(
  to: { email: string; name: string },
  company: { name: string; suspended: boolean },
  consoleUrl: string,
): MailMessage {
  if (company.suspended) {
    return mailWithAction(
      to.email,
      `${company.name} is suspended on Lotline`,
      to.name,
      [
        `Lotline staff suspended ${company.name}.`,
        'While it is suspended its published events are view-only: nobody can register, bid, buy, make an offer or tender on them. Its drafts stay hidden.',
        'You can still read your orders and results in the seller console, but you cannot change anything there.',
        'Reply to this e-mail to talk to Lotline staff about it.',
      ],
      ['Open the seller console', consoleUrl],
    );
  }
  return mailWithAction(
    to.email,
    `${company.name} is active again on Lotline`,
    to.name,
    [
      `Lotline staff reactivated ${company.name}.`,
      'Its published events are open again for registering, bidding, buying, offers and tenders, and the seller console works as before.',
    ],
    ['Open the seller console', consoleUrl],
  );
}
