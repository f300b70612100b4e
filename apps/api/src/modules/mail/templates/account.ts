import { FORGOT_PASSWORD_PATH, SIGN_IN_PATH } from '@lotline/contracts/page-paths';
import type { MailMessage } from '../mailer';
import { mailWithAction } from './mail-with-action';

/** The account e-mails, sent by the auth library's hooks (`identity/auth.ts`). */

export function activationMail(to: string, name: string, url: string): MailMessage {
  return mailWithAction(
    to,
    'Activate your Lotline account',
    name,
    [
      'Thank you for signing up. Confirm that this is your e-mail address to activate your account.',
      'The link is valid for 24 hours. If you did not sign up, ignore this message.',
    ],
    ['Activate my account', url],
  );
}

export function changeEmailMail(to: string, name: string, url: string): MailMessage {
  return mailWithAction(
    to,
    'Confirm your new e-mail address',
    name,
    [
      'You asked to use this address for your Lotline account. Confirm it to make the change.',
      'The link is valid for 24 hours. If you did not ask for this, ignore this message.',
    ],
    ['Confirm my new address', url],
  );
}

export function passwordResetMail(to: string, name: string, url: string): MailMessage {
  return mailWithAction(
    to,
    'Reset your Lotline password',
    name,
    [
      'Someone asked to reset the password of your Lotline account.',
      'The link is valid for 1 hour and works once. If it was not you, ignore this message: your password stays as it is.',
    ],
    ['Choose a new password', url],
  );
}

/** Sent instead of an activation link when someone signs up with an address that has an account (decision 0026). */
export function existingAccountMail(to: string, name: string, origin: string): MailMessage {
  return mailWithAction(
    to,
    'Someone tried to create a Lotline account with your address',
    name,
    [
      'Someone, perhaps you, tried to create a Lotline account with this e-mail address. It already has one, so nothing was changed.',
      `If it was you, sign in, or choose a new password if you forgot it: ${origin}${FORGOT_PASSWORD_PATH}`,
      'If it was not you, ignore this message: your account and password stay as they are.',
    ],
    ['Sign in', `${origin}${SIGN_IN_PATH}`],
  );
}
