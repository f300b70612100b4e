'use client';

import { useActionState } from 'react';
import { FormMessages } from '../../../components/forms/form-messages';
import styles from '../../../components/forms/forms.module.css';
import { SubmitButton } from '../../../components/forms/submit-button';
import { emptyForm } from '../../../lib/auth/form-state';
import { approveBidderAction, declineBidderAction } from '../../../lib/staff/bidder-review-actions';

/** Approve, with an optional bid limit for this event in its currency (decision 0080). */
export function ApproveBidderForm({ registrationId, currency }: { registrationId: string; currency: string }) {
  const [state, action] = useActionState(approveBidderAction, emptyForm);
  const id = `approve-${registrationId}-limit`;
  const error = state.fieldErrors.bidLimit;
  return (
    <form action={action} className={styles.form} noValidate>
      <FormMessages error={state.error} success={state.success} />
      <input type="hidden" name="registrationId" value={registrationId} />
      <input type="hidden" name="currency" value={currency} />
      <div className={styles.field}>
        <label htmlFor={id} className={styles.label}>
          Bid limit ({currency}, optional)
        </label>
        <input
          id={id}
          name="bidLimit"
          inputMode="decimal"
          className={styles.input}
          defaultValue={state.values.bidLimit}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        {error ? (
          <p id={`${id}-error`} className={styles.fieldError}>
            {error}
          </p>
        ) : null}
      </div>
      <SubmitButton pendingLabel="Approving…">Approve</SubmitButton>
    </form>
  );
}

/** Decline, with the reason the bidder is e-mailed. */
export function DeclineBidderForm({ registrationId }: { registrationId: string }) {
  const [state, action] = useActionState(declineBidderAction, emptyForm);
  const id = `decline-${registrationId}-reason`;
  const error = state.fieldErrors.reason;
  return (
    <form action={action} className={styles.form} noValidate>
      <FormMessages error={state.error} success={state.success} />
      <input type="hidden" name="registrationId" value={registrationId} />
      <div className={styles.field}>
        <label htmlFor={id} className={styles.label}>
          Reason for declining (e-mailed to the bidder)
        </label>
        <textarea
          id={id}
          name="reason"
          rows={2}
          maxLength={500}
          className={styles.input}
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
      <SubmitButton pendingLabel="Declining…">Decline</SubmitButton>
    </form>
  );
}
