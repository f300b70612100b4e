'use client';

import { BUYER_PERSONAS, PASSWORD_MIN_LENGTH } from '@lotline/contracts/constants';
import { DEFAULT_BUYER_PERSONA } from '@lotline/contracts/enums';
import { useActionState } from 'react';
import { Field } from '../../components/forms/field';
import { FormMessages } from '../../components/forms/form-messages';
import styles from '../../components/forms/forms.module.css';
import { SubmitButton } from '../../components/forms/submit-button';
import { PERSONA_LABELS } from '../../lib/account/persona-labels';
import { signUpAction } from '../../lib/auth/actions';
import { emptyForm } from '../../lib/auth/form-state';

/** `next`: a page of this site that signing in after the sign-up returns to (an invitation link). */
export function SignUpForm({ next }: { next?: string }) {
  const [state, action] = useActionState(signUpAction, emptyForm);
  const persona = state.values.buyerPersona ?? DEFAULT_BUYER_PERSONA;
  return (
    <form action={action} className={styles.form} noValidate>
      <FormMessages error={state.error} />
      {next ? <input type="hidden" name="next" value={next} /> : null}
      <Field
        name="name"
        label="Your name"
        autoComplete="name"
        error={state.fieldErrors.name}
        defaultValue={state.values.name}
        required
        maxLength={100}
      />
      <Field
        name="email"
        label="E-mail address"
        type="email"
        autoComplete="email"
        error={state.fieldErrors.email}
        defaultValue={state.values.email}
        required
      />
      <Field
        name="password"
        label="Password"
        type="password"
        autoComplete="new-password"
        hint={`At least ${PASSWORD_MIN_LENGTH} characters. A few unrelated words make a strong one.`}
        error={state.fieldErrors.password}
        required
      />
      <Field
        name="companyName"
        label="Company name (optional)"
        autoComplete="organization"
        error={state.fieldErrors.companyName}
        defaultValue={state.values.companyName}
        maxLength={200}
      />
      <fieldset className={styles.fieldset}>
        <legend className={styles.label}>How do you buy?</legend>
        {BUYER_PERSONAS.map((p) => (
          <label key={p} className={styles.choice}>
            <input type="radio" name="buyerPersona" value={p} defaultChecked={p === persona} />
            {PERSONA_LABELS[p]}
          </label>
        ))}
        {state.fieldErrors.buyerPersona ? <p className={styles.fieldError}>{state.fieldErrors.buyerPersona}</p> : null}
      </fieldset>
      <SubmitButton pendingLabel="Creating your account…">Create account</SubmitButton>
    </form>
  );
}
