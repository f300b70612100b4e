import type { MailMessage } from '../mailer';
import { mailWithAction } from './mail-with-action';

/**
 * The e-mails of registration and the bid deposit (BIDDING §6, decision 0037):
 * transactional, always sent. `url` is the event's page.
 */
export interface DepositMail {
  to: { email: string; name: string };
  eventName: string;
  url: string;
}

export interface DepositAmount {
  amount: number;
  currency: string;
}

/** "$500.00": minor units in the currency's own number of decimals. */
export function formatDeposit({ amount, currency }: DepositAmount): string {
  const format = new Intl.NumberFormat('en-US', { style: 'currency', currency });
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(amount / 10 ** digits);
}

export function depositReleasedMail(mail: DepositMail & { deposit: DepositAmount }): MailMessage {
  return mailWithAction(
    mail.to.email,
    `Your deposit for ${mail.eventName} was released`,
    mail.to.name,
    [
      `${mail.eventName} has closed and you did not win a lot in it.`,
      `The hold of ${formatDeposit(mail.deposit)} on your card has been cancelled. Your bank may take a few days to show it.`,
    ],
    ['See the event', mail.url],
  );
}

export function registrationApprovedMail(mail: DepositMail): MailMessage {
  return mailWithAction(
    mail.to.email,
    `You are approved to bid in ${mail.eventName}`,
    mail.to.name,
    [`The seller approved your registration for ${mail.eventName}. You can bid now.`],
    ['Start bidding', mail.url],
  );
}

export function registrationDeclinedMail(
  mail: DepositMail & { deposit: DepositAmount | null; reason?: string | undefined },
): MailMessage {
  const released = mail.deposit ? [`The hold of ${formatDeposit(mail.deposit)} on your card has been cancelled.`] : [];
  const reason = mail.reason ? [`The seller's reason: ${mail.reason}`] : [];
  return mailWithAction(
    mail.to.email,
    `Your registration for ${mail.eventName} was declined`,
    mail.to.name,
    [`The seller declined your registration to bid in ${mail.eventName}.`, ...reason, ...released],
    ['See the event', mail.url],
  );
}

export function depositRenewalFailedMail(mail: DepositMail & { reason: string }): MailMessage {
  return mailWithAction(
    mail.to.email,
    `Action needed: your deposit for ${mail.eventName} could not be renewed`,
    mail.to.name,
    [
      `Card holds lapse after 7 days, so we renew your deposit for ${mail.eventName} before it does. The renewal failed: ${mail.reason}`,
      'Until you register again with a card that works, you cannot place new bids in this event. Your bids so far still stand.',
    ],
    ['Register again', mail.url],
  );
}
