'use client';

import { useActionState, useCallback, useEffect, useState } from 'react';
import { Dialog, DialogActions } from '../../../../components/dialog/dialog';
import { FormMessages } from '../../../../components/forms/form-messages';
import styles from '../../../../components/forms/forms.module.css';
import { SubmitButton } from '../../../../components/forms/submit-button';
import { emptyForm } from '../../../../lib/auth/form-state';
import { withdrawLotAction } from '../../../../lib/staff/event-actions';

/**
 * Staff's "Withdraw" on one lot (decision 0081): a dialog asking the reason, which the lot's bidders and watchers
 * are e-mailed and its page shows. The dialog takes focus on the reason and gives it back to the button on close;
 * the API's refusal stays in the dialog, its confirmation shows by the button once the dialog closes.
 */
export function WithdrawLotDialog({ eventId, lotId, lotLabel }: { eventId: string; lotId: string; lotLabel: string }) {
  const [state, action] = useActionState(withdrawLotAction.bind(null, { eventId, lotId }), emptyForm);
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  useEffect(() => {
    if (state.success) setOpen(false);
  }, [state]);
  const id = `withdraw-${lotId}-reason`;
  const reasonError = state.fieldErrors.reason;
  return (
    <div>
      {open ? null : <FormMessages success={state.success} />}
      {state.success ? null : (
        <button
          type="button"
          className="button button-secondary"
          aria-label={`Withdraw ${lotLabel}`}
          onClick={() => setOpen(true)}
        >
          Withdraw
        </button>
      )}
      <Dialog open={open} onClose={close} title={`Withdraw ${lotLabel}`}>
        <form action={action} className={styles.form} noValidate>
          <FormMessages error={state.error} />
          <div className={styles.field}>
            <label htmlFor={id} className={styles.label}>
              Reason (e-mailed to its bidders and shown on the lot page)
            </label>
            <textarea
              id={id}
              name="reason"
              rows={3}
              maxLength={500}
              required
              autoFocus
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
            <SubmitButton pendingLabel="Withdrawing…">Withdraw the lot</SubmitButton>
            <button type="button" className="button button-secondary" onClick={close}>
              Cancel
            </button>
          </DialogActions>
        </form>
      </Dialog>
    </div>
  );
}
