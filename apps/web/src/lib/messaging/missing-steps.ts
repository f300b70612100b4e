import type { VerificationState } from '@lotline/contracts';
import { ACCOUNT_PATH } from '../routes';

/** One verification step the user still has to complete, and where on the account page to do it. */
export interface MissingStep {
  label: string;
  href: string;
}

/**
 * The steps behind `verified` (spec §4 "Logged-in user verification") that
 * are not done yet, in the order a person would do them.
 */
export function missingSteps(state: VerificationState): MissingStep[] {
  const steps: MissingStep[] = [];
  if (!state.isActivated) steps.push({ label: 'Activate your account', href: `${ACCOUNT_PATH}#profile-title` });
  if (!state.hasBillingAddress) steps.push({ label: 'Add a billing address', href: `${ACCOUNT_PATH}#addresses-title` });
  if (!state.hasShippingAddress)
    steps.push({ label: 'Add a shipping address', href: `${ACCOUNT_PATH}#addresses-title` });
  if (!state.hasPaymentMethod)
    steps.push({ label: 'Add a payment method', href: `${ACCOUNT_PATH}#payment-methods-title` });
  if (!state.taxExemptionSatisfied)
    steps.push({ label: 'Add a tax exemption certificate', href: `${ACCOUNT_PATH}#tax-exemption-title` });
  return steps;
}
