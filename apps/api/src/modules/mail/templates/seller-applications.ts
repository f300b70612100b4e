import type { MailMessage } from '../mailer';
import { mailWithAction } from './mail-with-action';

/** The applicant's e-mails on a staff decision about their seller application (issue 27, decision 0074). */

interface Applicant {
  email: string;
  name: string;
}

/** Approved: the company exists and the seller console is open to them as its owner. */
export function sellerApplicationApprovedMail(to: Applicant, companyName: string, consoleUrl: string): MailMessage {
  return mailWithAction(
    to.email,
    `${companyName} can now sell on Lotline`,
    to.name,
    [
      `Your application to sell on Lotline as ${companyName} was approved.`,
      'The company is created and you are its owner: the seller console is open to you now, where you set up its profile, invite your colleagues and create your first event.',
    ],
    ['Open the seller console', consoleUrl],
  );
}

/** Declined, with staff's reason. */
export function sellerApplicationDeclinedMail(
  to: Applicant,
  companyName: string,
  reason: string,
  applyUrl: string,
): MailMessage {
  return mailWithAction(
    to.email,
    `Your application to sell as ${companyName}`,
    to.name,
    [
      `We could not approve your application to sell on Lotline as ${companyName}.`,
      `The reason: ${reason}`,
      'You are welcome to apply again once this is addressed.',
    ],
    ['Apply again', applyUrl],
  );
}
