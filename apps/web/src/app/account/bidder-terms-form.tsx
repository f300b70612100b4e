'use client';

import { useActionState } from 'react';
import { FormMessages } from '../../components/forms/form-messages';
import { SubmitButton } from '../../components/forms/submit-button';
import { agreeBidderTermsAction } from '../../lib/account/bidder-terms-actions';
import { emptyForm } from '../../lib/auth/form-state';

export function AgreeBidderTermsForm() {
  const [state, action] = useActionState(agreeBidderTermsAction, emptyForm);
  return (
    <form action={action}>
      <FormMessages error={state.error} success={state.success} />
      <SubmitButton pendingLabel="Saving…" label="I agree to the bidder terms">
        I agree
      </SubmitButton>
    </form>
  );
}
