'use client';

import { useActionState } from 'react';
import { FormMessages } from '../../../../components/forms/form-messages';
import styles from '../../../../components/forms/forms.module.css';
import { SubmitButton } from '../../../../components/forms/submit-button';
import { emptyForm } from '../../../../lib/auth/form-state';
import { pauseEventAction, resumeEventAction } from '../../../../lib/staff/event-actions';

/**
 * Staff's Pause on a published event, with the reason its bidders are e-mailed and its pages show (decision 0087).
 * The confirmation replaces the form (a status a screen reader announces); the page then offers Resume.
 */
export function PauseEventForm({ eventId }: { eventId: string }) {
  const [state, action] = useActionState(pauseEventAction.bind(null, eventId), emptyForm);
  const id = 'pause-reason';
  const reasonError = state.fieldErrors.reason;
  if (state.success) return <FormMessages success={state.success} />;
  return (
    <form action={action} className={styles.form} noValidate>
      <FormMessages error={state.error} />
      <div className={styles.field}>
        <label htmlFor={id} className={styles.label}>
          Reason for pausing (e-mailed to its bidders and shown on its pages)
        </label>
        <textarea
          id={id}
          name="reason"
          rows={2}
          maxLength={500}
          required
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
      <SubmitButton pendingLabel="Pausing…">Pause the event</SubmitButton>
    </form>
  );
}

/** Resume: the open lots end later by the time the event stood paused. */
export function ResumeEventForm({ eventId }: { eventId: string }) {
  const [state, action] = useActionState(resumeEventAction.bind(null, eventId), emptyForm);
  return (
    <form action={action}>
      <SubmitButton pendingLabel="Resuming…">Resume the event</SubmitButton>
      <FormMessages error={state.error} success={state.success} />
    </form>
  );
}
