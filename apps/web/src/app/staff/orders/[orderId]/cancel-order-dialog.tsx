'use client';

import { useActionState, useCallback, useEffect, useState } from 'react';
import { Dialog, DialogActions } from '../../../../components/dialog/dialog';
import { TextAreaField } from '../../../../components/forms/field';
import { FormMessages } from '../../../../components/forms/form-messages';
import styles from '../../../../components/forms/forms.module.css';
import { SubmitButton } from '../../../../components/forms/submit-button';
import { emptyForm, type FormState } from '../../../../lib/auth/form-state';
import { staffCancelOrderAction } from '../../../../lib/staff/order-actions';

/**
 * Staff's "Cancel order" for an unpaid order (decision 0091): a dialog with the reason the buyer and the seller
 * are told. A new key for each opening: a double submit of one reason is one cancel. The API's refusal (the
 * staff member's own order or company, a payment in flight) stays in the dialog.
 */
export function CancelOrderDialog({ orderId }: { orderId: string }) {
  const [state, action] = useActionState(staffCancelOrderAction.bind(null, orderId), emptyForm);
  const [open, setOpen] = useState(false);
  const [formKey, setFormKey] = useState('');
  const close = useCallback(() => setOpen(false), []);
  useEffect(() => {
    if (state.success) setOpen(false);
  }, [state]);
  return (
    <section aria-label="Cancel">
      {open ? null : <FormMessages success={state.success} />}
      <button
        type="button"
        className="button button-secondary"
        onClick={() => {
          setFormKey(crypto.randomUUID());
          setOpen(true);
        }}
      >
        Cancel order
      </button>
      <Dialog open={open} onClose={close} title="Cancel this unpaid order">
        <ReasonForm key={formKey} formKey={formKey} state={state} action={action} onCancel={close} />
      </Dialog>
    </section>
  );
}

function ReasonForm({
  formKey,
  state,
  action,
  onCancel,
}: {
  formKey: string;
  state: FormState;
  action: (form: FormData) => void;
  onCancel: () => void;
}) {
  return (
    <form action={action} className={styles.form} noValidate>
      <FormMessages error={state.error} />
      <p>The units go back on sale. A bid deposit already captured stays on the order: refund it if it is owed.</p>
      <input type="hidden" name="formKey" value={formKey} />
      <TextAreaField
        name="reason"
        label="Reason (the buyer and the seller are told)"
        rows={3}
        maxLength={1000}
        error={state.fieldErrors.reason}
        defaultValue={state.values.reason}
        idPrefix={`cancel-${formKey}`}
      />
      <DialogActions>
        <SubmitButton pendingLabel="Cancelling…">Cancel order</SubmitButton>
        <button type="button" className="button button-secondary" onClick={onCancel}>
          Keep the order
        </button>
      </DialogActions>
    </form>
  );
}
