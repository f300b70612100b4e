import type { CompanyRole } from '@lotline/contracts';
import { formatUtc } from '../../../lib/money';
import type { MailMessage } from '../mailer';
import { mailWithAction } from './mail-with-action';

/** The seller console's member e-mails (issue 16; decision 0048). */

const asRole = (role: CompanyRole) => (role === 'owner' ? 'an owner' : 'a staff member');

/** An existing user was added to a company at once. `consoleUrl` is the seller console. */
export function memberAddedMail(
  to: { email: string; name: string },
  facts: { companyName: string; role: CompanyRole; invitedBy: string },
  consoleUrl: string,
): MailMessage {
  return mailWithAction(
    to.email,
    `You were added to ${facts.companyName} on Lotline`,
    to.name,
    [
      `${facts.invitedBy} added you to ${facts.companyName} as ${asRole(facts.role)}.`,
      'You can now run its sales from the seller console.',
    ],
    ['Open the seller console', consoleUrl],
  );
}

/** An address without an account was invited; the link carries the token (only its hash is stored). */
export function companyInvitationMail(
  email: string,
  facts: { companyName: string; role: CompanyRole; invitedBy: string; expiresAt: Date },
  invitationUrl: string,
): MailMessage {
  return mailWithAction(
    email,
    `Join ${facts.companyName} on Lotline`,
    email,
    [
      `${facts.invitedBy} invited you to join ${facts.companyName} on Lotline as ${asRole(facts.role)}.`,
      `Open the link and sign in with this e-mail address, or create an account with it. A new account must be activated first: open the activation link we e-mail you, then this link again to join.`,
      `The invitation works until ${formatUtc(facts.expiresAt)}.`,
    ],
    ['Join the company', invitationUrl],
  );
}
