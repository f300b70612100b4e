import type { BidderVerification, DepositStatus, RegistrationStatus, SellerRegistration } from '@lotline/contracts';
import { formatMoney } from '../format/money';

/** The words the console shows for a registration (decision 0052). */

export const REGISTRATION_STATUS_LABEL: Record<RegistrationStatus, string> = {
  pending: 'Awaiting your decision',
  approved: 'Approved',
  declined: 'Declined',
};

const DEPOSIT_STATUS_LABEL: Record<DepositStatus, string> = {
  'not-required': 'No deposit',
  held: 'held on the card',
  released: 'released',
  applied: 'applied to an invoice',
  failed: 'failed (the card refused it)',
};

/** "$500.00 held on the card", or "No deposit". */
export function depositText(deposit: SellerRegistration['deposit']): string {
  if (!deposit || deposit.status === 'not-required') return DEPOSIT_STATUS_LABEL['not-required'];
  return `${formatMoney(deposit.amount, deposit.currency)} ${DEPOSIT_STATUS_LABEL[deposit.status]}`;
}

/**
 * The account's verification in words (spec §4): verified means a card, a
 * billing and a shipping address, an activated e-mail (and for a reseller a
 * tax exemption); otherwise what is known to be missing.
 */
export function verificationText({ verified, activated }: BidderVerification): string {
  if (verified) return 'Verified (card, addresses and e-mail)';
  if (!activated) return 'Not verified: e-mail not activated';
  return 'Not verified: card, address or tax exemption missing';
}
