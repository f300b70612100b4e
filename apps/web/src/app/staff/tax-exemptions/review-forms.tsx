'use client';

import { useActionState } from 'react';
import { FormMessages } from '../../../components/forms/form-messages';
import styles from '../../../components/forms/forms.module.css';
import { SubmitButton } from '../../../components/forms/submit-button';
import { emptyForm } from '../../../lib/auth/form-state';
import { approveExemptionAction, revokeExemptionAction } from '../../../lib/staff/review-actions';

/** Approve: the exemption is active until the end of the chosen day (default one year on). */
export function ApproveForm({ exemptionId, defaultExpiry }: { exemptionId: string; defaultExpiry: string }) {
  const [state, action] = useActionState(approveExemptionAction, emptyForm);
  const id = `approve-${exemptionId}-expiresOn`;
  const error = state.fieldErrors.expiresOn;
  return (
    <form action={action} className={styles.form} noValidate>
      <FormMessages error={state.error} success={state.success} />
      <input type="hidden" name="exemptionId" value={exemptionId} />
      <div className={styles.field}>
        <label htmlFor={id} className={styles.label}>
          Expires on
        </label>
        <input
          id={id}
          name="expiresOn"
          type="date"
          className={styles.input}
          defaultValue={state.values.expiresOn ?? defaultExpiry}
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

/** Revoke: refuse a certificate in review or withdraw an active one, saying why. */
export function RevokeForm({ exemptionId }: { exemptionId: string }) {
  const [state, action] = useActionState(revokeExemptionAction, emptyForm);
  const id = `revoke-${exemptionId}-note`;
  const error = state.fieldErrors.note;
  return (
    <form action={action} className={styles.form} noValidate>
      <FormMessages error={state.error} success={state.success} />
      <input type="hidden" name="exemptionId" value={exemptionId} />
      <div className={styles.field}>
        <label htmlFor={id} className={styles.label}>
          Reason for revoking
        </label>
        <textarea
          id={id}
          name="note"
          rows={2}
          maxLength={1000}
          className={styles.input}
          defaultValue={state.values.note}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        {error ? (
          <p id={`${id}-error`} className={styles.fieldError}>
            {error}
          </p>
        ) : null}
      </div>
      <SubmitButton pendingLabel="Revoking…">Revoke</SubmitButton>
    </form>
  );
}
