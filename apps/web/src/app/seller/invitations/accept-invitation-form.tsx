'use client';

import { useActionState } from 'react';
import { FormMessages } from '../../../components/forms/form-messages';
import styles from '../../../components/forms/forms.module.css';
import { SubmitButton } from '../../../components/forms/submit-button';
import { emptyForm } from '../../../lib/auth/form-state';
import { acceptInvitationAction } from '../../../lib/seller-company/company-actions';

/** "Join {company}": accepts the invitation and opens the company in the console. Works without JavaScript. */
export function AcceptInvitationForm({ token, companyName }: { token: string; companyName: string }) {
  const [state, action] = useActionState(acceptInvitationAction, emptyForm);
  return (
    <form action={action} className={styles.form}>
      <FormMessages error={state.error} />
      <input type="hidden" name="token" value={token} />
      <SubmitButton pendingLabel="Joining…">{`Join ${companyName}`}</SubmitButton>
    </form>
  );
}
