'use client';

import { useActionState } from 'react';
import { FormMessages } from '../../../components/forms/form-messages';
import styles from '../../../components/forms/forms.module.css';
import { SubmitButton } from '../../../components/forms/submit-button';
import { emptyForm } from '../../../lib/auth/form-state';
import { decideSellerApplicationAction } from '../../../lib/seller-applications/actions';

/** Approve: the company is created with the applicant as its owner. */
export function ApproveForm({ applicationId }: { applicationId: string }) {
  const [state, action] = useActionState(decideSellerApplicationAction, emptyForm);
  return (
    <form action={action} className={styles.form} noValidate>
      <FormMessages error={state.error} success={state.success} />
      <input type="hidden" name="applicationId" value={applicationId} />
      <input type="hidden" name="decision" value="approve" />
      <SubmitButton pendingLabel="Approving…">Approve</SubmitButton>
    </form>
  );
}

/** Decline, with the reason the applicant is e-mailed. */
export function DeclineForm({ applicationId }: { applicationId: string }) {
  const [state, action] = useActionState(decideSellerApplicationAction, emptyForm);
  const id = `decline-${applicationId}-note`;
  const error = state.fieldErrors.note;
  return (
    <form action={action} className={styles.form} noValidate>
      <FormMessages error={state.error} success={state.success} />
      <input type="hidden" name="applicationId" value={applicationId} />
      <input type="hidden" name="decision" value="decline" />
      <div className={styles.field}>
        <label htmlFor={id} className={styles.label}>
          Reason for declining (e-mailed to the applicant)
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
      <SubmitButton pendingLabel="Declining…">Decline</SubmitButton>
    </form>
  );
}
