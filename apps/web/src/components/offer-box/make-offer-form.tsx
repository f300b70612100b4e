'use client';

import { useActionState } from 'react';
import { emptyForm, type FormState } from '../../lib/auth/form-state';
import { Field, TextAreaField } from '../forms/field';
import { FormMessages } from '../forms/form-messages';
import { SubmitButton } from '../forms/submit-button';
import styles from './offer-box.module.css';

/** "Make an offer": the price per unit, the units and a note to the seller, each labelled, errors beside them. */
export function MakeOfferForm({
  action,
  priceText,
  maxQuantity,
}: {
  action: (state: FormState, form: FormData) => Promise<FormState>;
  priceText: string;
  maxQuantity: number;
}) {
  const [state, formAction] = useActionState(action, emptyForm);
  if (state.success) return <FormMessages success={state.success} />;
  return (
    <form action={formAction} className={styles.form} noValidate>
      <FormMessages error={state.error} />
      <Field
        name="amount"
        label="Your offer per unit"
        hint={`Below the Buy Now price of ${priceText}.`}
        autoComplete="off"
        idPrefix="offer"
        error={state.fieldErrors.amount}
        defaultValue={state.values.amount}
        required
      />
      {maxQuantity > 1 ? (
        <Field
          name="quantity"
          label="Units"
          hint={`Up to ${maxQuantity}.`}
          autoComplete="off"
          idPrefix="offer"
          error={state.fieldErrors.quantity}
          defaultValue={state.values.quantity ?? '1'}
        />
      ) : null}
      <TextAreaField
        name="message"
        label="Message to the seller (optional)"
        idPrefix="offer"
        maxLength={1000}
        defaultValue={state.values.message}
      />
      <SubmitButton pendingLabel="Sending…">Send offer</SubmitButton>
    </form>
  );
}
