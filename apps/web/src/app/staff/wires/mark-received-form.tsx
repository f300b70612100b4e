'use client';

import { useActionState } from 'react';
import { FormMessages } from '../../../components/forms/form-messages';
import styles from '../../../components/forms/forms.module.css';
import { SubmitButton } from '../../../components/forms/submit-button';
import { emptyForm } from '../../../lib/auth/form-state';
import { markWireReceivedAction } from '../../../lib/orders/payment-actions';

/** "Mark received": the wire arrived; the order becomes paid (the API checks the role). */
export function MarkReceivedForm({ orderId, number, formKey }: { orderId: string; number: string; formKey: string }) {
  const [state, action] = useActionState(markWireReceivedAction, emptyForm);
  return (
    <form action={action} className={styles.form}>
      <FormMessages error={state.error} success={state.success} />
      <input type="hidden" name="orderId" value={orderId} />
      <input type="hidden" name="formKey" value={formKey} />
      <SubmitButton pendingLabel="Marking…" label={`Mark received: order ${number}`}>
        Mark received
      </SubmitButton>
    </form>
  );
}
