'use client';

import { useActionState } from 'react';
import { FormMessages } from '../../../../components/forms/form-messages';
import { SubmitButton } from '../../../../components/forms/submit-button';
import { finishCardSetupAction } from '../../../../lib/account/payment-actions';
import { emptyForm } from '../../../../lib/auth/form-state';

/** One click to store the card when the provider sent the browser back from its own site. */
export function FinishCardSetupForm({ setup }: { setup: string }) {
  const [state, action] = useActionState(finishCardSetupAction, emptyForm);
  return (
    <form action={action}>
      <FormMessages error={state.error} />
      <p>Your card was confirmed with the payment provider. Finish adding it to your account.</p>
      <input type="hidden" name="setup" value={setup} />
      <SubmitButton pendingLabel="Adding…">Finish adding the card</SubmitButton>
    </form>
  );
}
