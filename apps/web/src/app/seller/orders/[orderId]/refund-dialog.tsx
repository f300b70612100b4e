'use client';

import { useActionState, useCallback, useEffect, useState } from 'react';
import { AmountInput } from '../../../../components/bid-panel/amount-input';
import { Dialog, DialogActions } from '../../../../components/dialog/dialog';
import { FormMessages } from '../../../../components/forms/form-messages';
import styles from '../../../../components/forms/forms.module.css';
import { SubmitButton } from '../../../../components/forms/submit-button';
import { emptyForm, type FormState } from '../../../../lib/auth/form-state';
import { formatMoney } from '../../../../lib/format/money';
import { refundOrderAction } from '../../../../lib/orders/refund-actions';

/**
 * The seller's "Refund" (decision 0062): a dialog with the amount (in whole currency units, as every money field
 * of the site) and the reason printed on the credit note, the most that can still be refunded shown with the
 * amount. The API decides; its refusal stays in the dialog, its confirmation shows beside the button once the
 * dialog closes. A new key for each opening: a double submit of what was typed is one refund.
 */
export function RefundDialog({
  orderId,
  currency,
  refundable,
}: {
  orderId: string;
  currency: string;
  /** What can still be refunded, minor units (the order read's `paid` less its refunds not failed); 0: all was. */
  refundable: number;
}) {
  const [state, action] = useActionState(refundOrderAction.bind(null, { orderId, currency }), emptyForm);
  const [open, setOpen] = useState(false);
  const [formKey, setFormKey] = useState('');
  const close = useCallback(() => setOpen(false), []);
  useEffect(() => {
    if (state.success) setOpen(false);
  }, [state]);
  return (
    <section aria-label="Refund">
      {open ? null : <FormMessages success={state.success} />}
      {refundable > 0 ? (
        <button
          type="button"
          className="button button-secondary"
          onClick={() => {
            setFormKey(crypto.randomUUID());
            setOpen(true);
          }}
        >
          Refund
        </button>
      ) : (
        <p>Everything the buyer paid has been refunded.</p>
      )}
      <Dialog open={open} onClose={close} title="Refund the buyer">
        <RefundForm
          key={formKey}
          formKey={formKey}
          state={state}
          action={action}
          maximum={formatMoney(refundable, currency)}
          onCancel={close}
        />
      </Dialog>
    </section>
  );
}

function RefundForm({
  formKey,
  state,
  action,
  maximum,
  onCancel,
}: {
  formKey: string;
  state: FormState;
  action: (form: FormData) => void;
  maximum: string;
  onCancel: () => void;
}) {
  const [amount, setAmount] = useState(state.values.amount ?? '');
  const reasonError = state.fieldErrors.reason;
  const id = `refund-${formKey}-reason`;
  return (
    <form action={action} className={styles.form} noValidate>
      <FormMessages error={state.error} />
      <input type="hidden" name="formKey" value={formKey} />
      <AmountInput
        name="amount"
        label="Amount to refund"
        hint={`At most ${maximum} can be refunded.`}
        value={amount}
        error={state.fieldErrors.amount}
        onChange={setAmount}
      />
      <div className={styles.field}>
        <label htmlFor={id} className={styles.label}>
          Reason (printed on the credit note)
        </label>
        <textarea
          id={id}
          name="reason"
          rows={3}
          maxLength={500}
          className={styles.input}
          defaultValue={state.values.reason}
          aria-invalid={reasonError ? true : undefined}
          aria-describedby={reasonError ? `${id}-error` : undefined}
        />
        {reasonError ? (
          <p id={`${id}-error`} className={styles.fieldError}>
            {reasonError}
          </p>
        ) : null}
      </div>
      <DialogActions>
        <SubmitButton pendingLabel="Refunding…">Refund</SubmitButton>
        <button type="button" className="button button-secondary" onClick={onCancel}>
          Cancel
        </button>
      </DialogActions>
    </form>
  );
}
