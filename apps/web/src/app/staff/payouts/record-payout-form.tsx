'use client';

import { useActionState } from 'react';
import { Field } from '../../../components/forms/field';
import { FormMessages } from '../../../components/forms/form-messages';
import styles from '../../../components/forms/forms.module.css';
import { SubmitButton } from '../../../components/forms/submit-button';
import { emptyForm } from '../../../lib/auth/form-state';
import { recordPayoutAction } from '../../../lib/staff/payout-actions';

/**
 * "Record payout": staff made the bank transfer to the seller and type its reference (decision 0079). The amount
 * is the order's net, shown beside the form and never typed. Works without JavaScript.
 */
export function RecordPayoutForm({ orderId, number, formKey }: { orderId: string; number: string; formKey: string }) {
  const [state, action] = useActionState(recordPayoutAction, emptyForm);
  const prefix = `payout-${orderId}`;
  if (state.success) return <FormMessages success={state.success} />;
  return (
    <form action={action} className={styles.form} noValidate aria-label={`Record the payout of order ${number}`}>
      <FormMessages error={state.error} />
      <input type="hidden" name="orderId" value={orderId} />
      <input type="hidden" name="formKey" value={formKey} />
      <Field
        name="reference"
        label="Bank transfer reference"
        autoComplete="off"
        hint="As your bank's confirmation shows it, e.g. TRF-2026-12-0042."
        error={state.fieldErrors.reference}
        defaultValue={state.values.reference}
        required
        maxLength={100}
        idPrefix={prefix}
      />
      <SubmitButton pendingLabel="Recording…" label={`Record payout: order ${number}`}>
        Record payout
      </SubmitButton>
    </form>
  );
}
