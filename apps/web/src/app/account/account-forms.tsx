'use client';

import { PASSWORD_MIN_LENGTH } from '@lotline/contracts/constants';
import { useActionState } from 'react';
import { Field } from '../../components/forms/field';
import { FormMessages } from '../../components/forms/form-messages';
import styles from '../../components/forms/forms.module.css';
import { SubmitButton } from '../../components/forms/submit-button';
import { changeEmailAction, changePasswordAction, resendActivationAction } from '../../lib/auth/actions';
import { emptyForm } from '../../lib/auth/form-state';

export function ResendActivationForm() {
  const [state, action] = useActionState(resendActivationAction, emptyForm);
  return (
    <form action={action} className={styles.form}>
      <FormMessages error={state.error} success={state.success} />
      <SubmitButton pendingLabel="Sending…">Send a new activation link</SubmitButton>
    </form>
  );
}

export function ChangeEmailForm() {
  const [state, action] = useActionState(changeEmailAction, emptyForm);
  return (
    <form action={action} className={styles.form} noValidate>
      <FormMessages error={state.error} success={state.success} />
      <Field
        name="newEmail"
        label="New e-mail address"
        type="email"
        autoComplete="email"
        error={state.fieldErrors.newEmail}
        defaultValue={state.values.newEmail}
        required
        idPrefix="change-email"
      />
      <Field
        name="currentPassword"
        label="Current password"
        type="password"
        autoComplete="current-password"
        error={state.fieldErrors.currentPassword}
        required
        idPrefix="change-email"
      />
      <SubmitButton pendingLabel="Saving…">Change e-mail address</SubmitButton>
    </form>
  );
}

export function ChangePasswordForm() {
  const [state, action] = useActionState(changePasswordAction, emptyForm);
  return (
    <form action={action} className={styles.form} noValidate>
      <FormMessages error={state.error} success={state.success} />
      <Field
        name="currentPassword"
        label="Current password"
        type="password"
        autoComplete="current-password"
        error={state.fieldErrors.currentPassword}
        required
        idPrefix="change-password"
      />
      <Field
        name="newPassword"
        label="New password"
        type="password"
        autoComplete="new-password"
        hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
        error={state.fieldErrors.newPassword}
        required
        idPrefix="change-password"
      />
      <SubmitButton pendingLabel="Saving…">Change password</SubmitButton>
    </form>
  );
}
