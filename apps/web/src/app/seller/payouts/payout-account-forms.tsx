'use client';

import { useActionState } from 'react';
import { FormMessages } from '../../../components/forms/form-messages';
import { SubmitButton } from '../../../components/forms/submit-button';
import { emptyForm } from '../../../lib/auth/form-state';
import {
  connectPayoutAccountAction,
  refreshPayoutAccountAction,
} from '../../../lib/seller-payouts/payout-account-actions';

/** Owners: go to the provider's onboarding (a new single-use link each time). Works without JavaScript. */
export function ConnectPayoutAccountForm({ companyId, label }: { companyId: string; label: string }) {
  const [state, action] = useActionState(connectPayoutAccountAction, emptyForm);
  return (
    <form action={action}>
      <FormMessages error={state.error} />
      <input type="hidden" name="companyId" value={companyId} />
      <SubmitButton pendingLabel="Opening the provider…">{label}</SubmitButton>
    </form>
  );
}

/** Owners: ask the provider how the account stands now (after its onboarding, or when a link expired). */
export function RefreshPayoutAccountForm({ companyId }: { companyId: string }) {
  const [state, action] = useActionState(refreshPayoutAccountAction, emptyForm);
  return (
    <form action={action}>
      <FormMessages error={state.error} />
      <input type="hidden" name="companyId" value={companyId} />
      <SubmitButton pendingLabel="Checking…">Check the account now</SubmitButton>
    </form>
  );
}
