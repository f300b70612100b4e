'use client';

import { useActionState } from 'react';
import { useFormStatus } from 'react-dom';
import { FormMessages } from '../../../components/forms/form-messages';
import styles from '../../../components/forms/forms.module.css';
import { emptyForm } from '../../../lib/auth/form-state';
import { answerInvitationAction } from '../../../lib/seller-company/company-actions';
import own from './invitation.module.css';

/** The two answers, as real submit buttons of one form; both wait while either is sent. */
function AnswerButtons({ companyName }: { companyName: string }) {
  const { pending, data } = useFormStatus();
  const sending = pending ? data?.get('answer') : null;
  return (
    <div className={own.answers}>
      <button type="submit" name="answer" value="accept" className="button" disabled={pending} aria-disabled={pending}>
        {sending === 'accept' ? 'Joining…' : `Accept and join ${companyName}`}
      </button>
      <button
        type="submit"
        name="answer"
        value="decline"
        className="button button-secondary"
        disabled={pending}
        aria-disabled={pending}
      >
        {sending === 'decline' ? 'Declining…' : 'Decline'}
      </button>
    </div>
  );
}

/**
 * Accept (join the company and open it in the console) or decline (the
 * invitation ends; nobody joins). Works without JavaScript.
 */
export function AnswerInvitationForm({ token, companyName }: { token: string; companyName: string }) {
  const [state, action] = useActionState(answerInvitationAction, emptyForm);
  if (state.success) return <FormMessages success={state.success} />;
  return (
    <form action={action} className={styles.form} aria-label="Answer the invitation">
      <FormMessages error={state.error} />
      <input type="hidden" name="token" value={token} />
      <AnswerButtons companyName={companyName} />
    </form>
  );
}
