'use client';

import { useActionState } from 'react';
import { emptyForm, type FormState } from '../../lib/auth/form-state';
import { Field } from '../forms/field';
import { FormMessages } from '../forms/form-messages';
import { SubmitButton } from '../forms/submit-button';
import styles from './offer-box.module.css';

/**
 * One answer to an offer (accept, decline, withdraw, counter) as a form with
 * a real button; a counter adds its labelled amount field. The outcome or
 * the API's refusal is announced beside it.
 */
export function OfferActionForm({
  action,
  label,
  pendingLabel,
  accessibleName,
  amountField,
  idPrefix,
}: {
  action: (state: FormState, form: FormData) => Promise<FormState>;
  label: string;
  pendingLabel: string;
  /** A name that says which offer, when a list shows several. */
  accessibleName?: string;
  amountField?: { label: string; hint: string };
  idPrefix: string;
}) {
  const [state, formAction] = useActionState(action, emptyForm);
  return (
    <form action={formAction} className={styles.actionForm}>
      {amountField ? (
        <Field
          name="amount"
          label={amountField.label}
          hint={amountField.hint}
          autoComplete="off"
          idPrefix={idPrefix}
          error={state.fieldErrors.amount}
          defaultValue={state.values.amount}
          required
        />
      ) : null}
      <SubmitButton pendingLabel={pendingLabel} {...(accessibleName ? { label: accessibleName } : {})}>
        {label}
      </SubmitButton>
      <FormMessages error={state.error} success={state.success} />
    </form>
  );
}
