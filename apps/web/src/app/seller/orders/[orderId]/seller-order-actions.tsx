'use client';

import { useActionState, useEffect, useState } from 'react';
import { Dialog, DialogActions } from '../../../../components/dialog/dialog';
import { FormMessages } from '../../../../components/forms/form-messages';
import styles from '../../../../components/forms/forms.module.css';
import { SubmitButton } from '../../../../components/forms/submit-button';
import view from '../../../../components/order-view/order-view.module.css';
import type { FormState } from '../../../../lib/auth/form-state';
import { emptyForm } from '../../../../lib/auth/form-state';
import {
  approveOrderAction,
  cancelOrderAction,
  fulfilmentAction,
  rejectOrderAction,
} from '../../../../lib/orders/actions';

/**
 * The seller's controls on an order: approve or reject (in a dialog, with the
 * reason the buyer is told) a buy-now order awaiting approval; cancel an
 * approved order nobody pays (the same dialog, issue 25); mark a paid order
 * shipped or collected. Server actions; the page re-renders with the order's
 * new state.
 */
export function SellerOrderActions({
  orderId,
  awaiting,
  cancellable,
  fulfil,
}: {
  orderId: string;
  awaiting: boolean;
  cancellable: boolean;
  fulfil: boolean;
}) {
  const [approved, approve] = useActionState(approveOrderAction, emptyForm);
  const [marked, mark] = useActionState(fulfilmentAction, emptyForm);
  const [rejecting, setRejecting] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  return (
    <section aria-label="Seller actions">
      <FormMessages error={approved.error ?? marked.error} success={approved.success ?? marked.success} />
      {awaiting ? (
        <div className={view.row}>
          <form action={approve}>
            <input type="hidden" name="orderId" value={orderId} />
            <SubmitButton pendingLabel="Approving…">Approve order</SubmitButton>
          </form>
          <button type="button" className="button button-secondary" onClick={() => setRejecting(true)}>
            Reject order
          </button>
          <Dialog open={rejecting} onClose={() => setRejecting(false)} title="Reject this order">
            <ReasonForm
              orderId={orderId}
              onDone={() => setRejecting(false)}
              act={rejectOrderAction}
              submit={['Reject order', 'Rejecting…']}
            />
          </Dialog>
        </div>
      ) : null}
      {cancellable ? (
        <div className={view.row}>
          <button type="button" className="button button-secondary" onClick={() => setCancelling(true)}>
            Cancel order
          </button>
          <Dialog open={cancelling} onClose={() => setCancelling(false)} title="Cancel this unpaid order">
            <ReasonForm
              orderId={orderId}
              onDone={() => setCancelling(false)}
              act={cancelOrderAction}
              submit={['Cancel order', 'Cancelling…']}
              note="The units go back on sale. A bid deposit already captured stays on the order: refund it if it is owed."
            />
          </Dialog>
        </div>
      ) : null}
      {fulfil ? (
        <form action={mark} className={view.row}>
          <input type="hidden" name="orderId" value={orderId} />
          <button type="submit" name="fulfilment" value="shipped" className="button">
            Mark shipped
          </button>
          <button type="submit" name="fulfilment" value="collected" className="button">
            Mark collected
          </button>
        </form>
      ) : null}
    </section>
  );
}

/** The reason the buyer is told, for a rejection or a cancellation, in its dialog. */
function ReasonForm({
  orderId,
  onDone,
  act,
  submit: [label, pendingLabel],
  note,
}: {
  orderId: string;
  onDone: () => void;
  act: (state: FormState, form: FormData) => Promise<FormState>;
  submit: [string, string];
  note?: string;
}) {
  const [state, action] = useActionState(act, emptyForm);
  const error = state.fieldErrors.reason;
  const id = `${label.split(' ')[0]?.toLowerCase()}-${orderId}-reason`;
  useEffect(() => {
    if (state.success) onDone();
  }, [state.success, onDone]);
  return (
    <form action={action} className={styles.form} noValidate>
      <FormMessages error={state.error} />
      {note ? <p>{note}</p> : null}
      <input type="hidden" name="orderId" value={orderId} />
      <div className={styles.field}>
        <label htmlFor={id} className={styles.label}>
          Reason (the buyer is told)
        </label>
        <textarea
          id={id}
          name="reason"
          rows={3}
          maxLength={1000}
          className={styles.input}
          // biome-ignore lint/a11y/noAutofocus: the dialog opens on this field
          autoFocus
          defaultValue={state.values.reason}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        {error ? (
          <p id={`${id}-error`} className={styles.fieldError}>
            {error}
          </p>
        ) : null}
      </div>
      <DialogActions>
        <SubmitButton pendingLabel={pendingLabel}>{label}</SubmitButton>
        <button type="button" className="button button-secondary" onClick={onDone}>
          Keep the order
        </button>
      </DialogActions>
    </form>
  );
}
