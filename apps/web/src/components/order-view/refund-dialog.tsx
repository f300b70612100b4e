'use client';

import { useActionState, useCallback, useEffect, useState } from 'react';
import { emptyForm, type FormState } from '../../lib/auth/form-state';
import { formatMoney } from '../../lib/format/money';
import { type RefundSide, refundOrderAction } from '../../lib/orders/refund-actions';
import { AmountInput } from '../bid-panel/amount-input';
import { Dialog, DialogActions } from '../dialog/dialog';
import { TextAreaField } from '../forms/field';
import { FormMessages } from '../forms/form-messages';
import styles from '../forms/forms.module.css';
import { SubmitButton } from '../forms/submit-button';

/**
 * The seller's and staff's "Refund" (decisions 0062, 0091): a dialog with the amount (in whole currency units, as every money field
 * of the site) and the reason printed on the credit note, the most that can still be refunded shown with the
 * amount. The API decides; its refusal stays in the dialog, its confirmation shows beside the button once the
 * dialog closes. A new key for each opening: a double submit of what was typed is one refund.
 */
export function RefundDialog({
  orderId,
  currency,
  refundable,
  side = 'seller',
}: {
  orderId: string;
  currency: string;
  /** Whose route refunds: the seller's company's, or staff's for any order. */
  side?: RefundSide;
  /** What can still be refunded, minor units (the order read's `paid` less its refunds not failed); 0: all was. */
  refundable: number;
}) {
  const [state, action] = useActionState(refundOrderAction.bind(null, { orderId, currency, side }), emptyForm);
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
      <TextAreaField
        name="reason"
        label="Reason (printed on the credit note)"
        rows={3}
        maxLength={500}
        error={state.fieldErrors.reason}
        defaultValue={state.values.reason}
        idPrefix={`refund-${formKey}`}
      />
      <DialogActions>
        <SubmitButton pendingLabel="Refunding…">Refund</SubmitButton>
        <button type="button" className="button button-secondary" onClick={onCancel}>
          Cancel
        </button>
      </DialogActions>
    </form>
  );
}
