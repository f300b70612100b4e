import type { CompanyRole } from '@lotline/contracts';
import { formatUtc } from '../../../lib/money';
import type { MailMessage } from '../mailer';
import { mailWithAction } from './mail-with-action';

/** The seller console's invitation e-mails (issue 16, decision 0048; invitation only, decision 0068). */

const asRole = (role: CompanyRole) => (role === 'owner' ? 'an owner' : 'a staff member');

interface InvitationFacts {
  companyName: string;
  role: CompanyRole;
  invitedBy: string;
  expiresAt: Date;
}

const invitedLine = (f: InvitationFacts) =>
  `${f.invitedBy} invited you to join ${f.companyName} on Lotline as ${asRole(f.role)}.`;
const untilLine = (f: InvitationFacts) =>
  `The invitation works until ${formatUtc(f.expiresAt)}. If you do not want to join, decline it or ignore this e-mail: nothing changes until you accept.`;

/**
 * To an address with an account: the link opens the invitation, where the
 * person accepts or declines it. `activated` false adds that joining takes an
 * activated account. The link carries the token (only its hash is stored).
 */
export function companyInvitationMail(
  to: { email: string; name: string; activated: boolean },
  facts: InvitationFacts,
  invitationUrl: string,
): MailMessage {
  return mailWithAction(
    to.email,
    `Join ${facts.companyName} on Lotline`,
    to.name,
    [
      invitedLine(facts),
      'Open the link, signed in with this e-mail address, to accept or decline.',
      ...(to.activated
        ? []
        : ['Your account must be activated first: open the activation link we e-mailed you, then this link again.']),
      untilLine(facts),
    ],
    ['Accept or decline the invitation', invitationUrl],
  );
}

/**
 * To an address with no account: the link is the sign-up page, which leads
 * back to the invitation; the invitation's own link follows for later.
 */
export function companyInvitationSignUpMail(
  email: string,
  facts: InvitationFacts,
  urls: { signUp: string; invitation: string },
): MailMessage {
  return mailWithAction(
    email,
    `Join ${facts.companyName} on Lotline`,
    email,
    [
      invitedLine(facts),
      'To join, create a Lotline account with this e-mail address and activate it from the e-mail we send you. ' +
        'Signing in then opens the invitation, where you accept or decline it.',
      `The invitation itself: ${urls.invitation}`,
      untilLine(facts),
    ],
    ['Create your account', urls.signUp],
  );
}
