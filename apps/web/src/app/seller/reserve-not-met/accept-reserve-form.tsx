'use client';

import { useActionState } from 'react';
import { FormMessages } from '../../../components/forms/form-messages';
import styles from '../../../components/forms/forms.module.css';
import { SubmitButton } from '../../../components/forms/submit-button';
import { emptyForm } from '../../../lib/auth/form-state';
import { acceptReserveAction } from '../../../lib/orders/payment-actions';

/** "Accept the highest bid": sells the lot to its leader; the API checks the company. */
export function AcceptReserveForm({ lotId, label, formKey }: { lotId: string; label: string; formKey: string }) {
  const [state, action] = useActionState(acceptReserveAction, emptyForm);
  return (
    <form action={action} className={styles.form}>
      <FormMessages error={state.error} success={state.success} />
      <input type="hidden" name="lotId" value={lotId} />
      <input type="hidden" name="formKey" value={formKey} />
      <SubmitButton pendingLabel="Accepting…" label={`Accept the highest bid on lot ${label}`}>
        Accept the highest bid
      </SubmitButton>
    </form>
  );
}
