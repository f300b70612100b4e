'use client';

import { useActionState } from 'react';
import { FormMessages } from '../../../components/forms/form-messages';
import styles from '../../../components/forms/forms.module.css';
import { SubmitButton } from '../../../components/forms/submit-button';
import { emptyForm } from '../../../lib/auth/form-state';
import { transferPayoutAction } from '../../../lib/staff/payout-actions';

/** "Transfer now": the company has a Stripe account; pay it now instead of waiting for the release job. */
export function TransferPayoutForm({ orderId, number }: { orderId: string; number: string }) {
  const [state, action] = useActionState(transferPayoutAction, emptyForm);
  if (state.success) return <FormMessages success={state.success} />;
  return (
    <form action={action} className={styles.form}>
      <FormMessages error={state.error} />
      <input type="hidden" name="orderId" value={orderId} />
      <SubmitButton pendingLabel="Transferring…" label={`Transfer now: order ${number}`}>
        Transfer now
      </SubmitButton>
    </form>
  );
}
