'use client';

import { useActionState } from 'react';
import { Field } from '../../components/forms/field';
import { FormMessages } from '../../components/forms/form-messages';
import styles from '../../components/forms/forms.module.css';
import { SubmitButton } from '../../components/forms/submit-button';
import { requestResetAction } from '../../lib/auth/actions';
import { emptyForm } from '../../lib/auth/form-state';

export function ForgotPasswordForm() {
  const [state, action] = useActionState(requestResetAction, emptyForm);
  return (
    <form action={action} className={styles.form} noValidate>
      <FormMessages error={state.error} success={state.success} />
      <Field
        name="email"
        label="E-mail address"
        type="email"
        autoComplete="email"
        error={state.fieldErrors.email}
        defaultValue={state.values.email}
        required
      />
      <SubmitButton pendingLabel="Sending…">Send reset link</SubmitButton>
    </form>
  );
}
