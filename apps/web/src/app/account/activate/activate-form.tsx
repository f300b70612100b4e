'use client';

import { useActionState } from 'react';
import { FormMessages } from '../../../components/forms/form-messages';
import styles from '../../../components/forms/forms.module.css';
import { SubmitButton } from '../../../components/forms/submit-button';
import { activateAction } from '../../../lib/auth/actions';
import { emptyForm } from '../../../lib/auth/form-state';
import { ACCOUNT_PATH } from '../../../lib/routes';

/**
 * The link only opens this page; the button confirms. A GET that changed the
 * account would be triggered by mail scanners that prefetch links.
 */
export function ActivateForm({ token }: { token: string }) {
  const [state, action] = useActionState(activateAction, emptyForm);
  if (state.success) {
    return (
      <>
        <FormMessages success={state.success} />
        <p>
          <a href={ACCOUNT_PATH}>Go to your account</a>
        </p>
      </>
    );
  }
  return (
    <form action={action} className={styles.form}>
      <FormMessages error={state.error} />
      {state.error ? (
        <p>
          <a href={ACCOUNT_PATH}>Ask for a new link on your account page</a>
        </p>
      ) : null}
      <input type="hidden" name="token" value={token} />
      <SubmitButton pendingLabel="Confirming…">Confirm my e-mail address</SubmitButton>
    </form>
  );
}
