'use client';

import { type ReactNode, useActionState } from 'react';
import { emptyForm, type FormState } from '../../lib/auth/form-state';
import { FormMessages } from './form-messages';
import styles from './forms.module.css';
import { SubmitButton } from './submit-button';

/**
 * One decision on one record (approve, decline, revoke): the record's ids as hidden inputs, the one field the
 * decision asks for (a reason, a limit, a date), drawn from the form's last state so a refused submit keeps what
 * was typed, and its submit button. The outcome shows above the field.
 */
export function DecisionForm({
  act,
  hidden,
  submit: [label, pendingLabel],
  field,
}: {
  act: (state: FormState, form: FormData) => Promise<FormState>;
  hidden: Record<string, string>;
  /** The button's text, and its text while the form is sent. */
  submit: [string, string];
  field?: (state: FormState) => ReactNode;
}) {
  const [state, action] = useActionState(act, emptyForm);
  return (
    <form action={action} className={styles.form} noValidate>
      <FormMessages error={state.error} success={state.success} />
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {field?.(state)}
      <SubmitButton pendingLabel={pendingLabel}>{label}</SubmitButton>
    </form>
  );
}
