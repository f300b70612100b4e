'use client';

import { useActionState } from 'react';
import { FormMessages } from '../../components/forms/form-messages';
import { SubmitButton } from '../../components/forms/submit-button';
import {
  type AddCardState,
  addCardAction,
  makeDefaultCardAction,
  removeCardAction,
} from '../../lib/account/payment-actions';
import { emptyForm } from '../../lib/auth/form-state';
import { StripeCardForm } from './stripe-card-form';

/**
 * "Add a card": the server action starts a setup with the payment provider and
 * sends the browser to the provider's page (works without JavaScript). With
 * Stripe, the answer is a client secret and Stripe's own card fields open here.
 */
export function AddCardForm() {
  const [state, action] = useActionState<AddCardState, FormData>(addCardAction, emptyForm);
  if (state.stripe) return <StripeCardForm {...state.stripe} />;
  return (
    <form action={action}>
      <FormMessages error={state.error} />
      <SubmitButton pendingLabel="Opening the card form…">Add a card</SubmitButton>
    </form>
  );
}

export function MakeDefaultCardForm({ id, label }: { id: string; label: string }) {
  const [state, action] = useActionState(makeDefaultCardAction, emptyForm);
  return (
    <form action={action}>
      <FormMessages error={state.error} success={state.success} />
      <input type="hidden" name="paymentMethodId" value={id} />
      <SubmitButton pendingLabel="Saving…" label={`Make ${label} the default`}>
        Make default
      </SubmitButton>
    </form>
  );
}

export function RemoveCardForm({ id, label }: { id: string; label: string }) {
  const [state, action] = useActionState(removeCardAction, emptyForm);
  return (
    <form action={action}>
      <FormMessages error={state.error} success={state.success} />
      <input type="hidden" name="paymentMethodId" value={id} />
      <SubmitButton pendingLabel="Removing…" label={`Remove ${label}`}>
        Remove
      </SubmitButton>
    </form>
  );
}
