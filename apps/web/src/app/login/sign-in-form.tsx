'use client';

import { useActionState } from 'react';
import { Field } from '../../components/forms/field';
import { FormMessages } from '../../components/forms/form-messages';
import styles from '../../components/forms/forms.module.css';
import { SubmitButton } from '../../components/forms/submit-button';
import { signInAction } from '../../lib/auth/actions';
import { emptyForm } from '../../lib/auth/form-state';

export function SignInForm({ next }: { next: string }) {
  const [state, action] = useActionState(signInAction, emptyForm);
  return (
    <form action={action} className={styles.form} noValidate>
      <FormMessages error={state.error} />
      <input type="hidden" name="next" value={next} />
      <Field
        name="email"
        label="E-mail address"
        type="email"
        autoComplete="email"
        error={state.fieldErrors.email}
        defaultValue={state.values.email}
        required
      />
      <Field
        name="password"
        label="Password"
        type="password"
        autoComplete="current-password"
        error={state.fieldErrors.password}
        required
      />
      <SubmitButton pendingLabel="Signing in…">Sign in</SubmitButton>
    </form>
  );
}
