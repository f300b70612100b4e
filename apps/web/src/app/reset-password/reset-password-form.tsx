'use client';

import { PASSWORD_MIN_LENGTH } from '@lotline/contracts/constants';
import { useActionState } from 'react';
import { Field } from '../../components/forms/field';
import { FormMessages } from '../../components/forms/form-messages';
import styles from '../../components/forms/forms.module.css';
import { SubmitButton } from '../../components/forms/submit-button';
import { resetPasswordAction } from '../../lib/auth/actions';
import { emptyForm } from '../../lib/auth/form-state';
import { FORGOT_PASSWORD_PATH } from '../../lib/routes';

export function ResetPasswordForm({ token }: { token: string }) {
  const [state, action] = useActionState(resetPasswordAction, emptyForm);
  return (
    <form action={action} className={styles.form} noValidate>
      <FormMessages error={state.error ?? state.fieldErrors.token} />
      {state.error || state.fieldErrors.token ? (
        <p>
          <a href={FORGOT_PASSWORD_PATH}>Ask for a new link</a>
        </p>
      ) : null}
      <input type="hidden" name="token" value={token} />
      <Field
        name="password"
        label="New password"
        type="password"
        autoComplete="new-password"
        hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
        error={state.fieldErrors.password}
        required
      />
      <SubmitButton pendingLabel="Saving…">Save new password</SubmitButton>
    </form>
  );
}
