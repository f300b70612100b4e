'use client';

import { useActionState } from 'react';
import { Field } from '../../../components/forms/field';
import { FormMessages } from '../../../components/forms/form-messages';
import styles from '../../../components/forms/forms.module.css';
import { CompanyPlaceFields } from '../../../components/forms/select-field';
import { SubmitButton } from '../../../components/forms/submit-button';
import { emptyForm } from '../../../lib/auth/form-state';
import { applyToSellAction } from '../../../lib/seller-applications/actions';

const PREFIX = 'apply';

/** The application to sell; works without JavaScript. */
export function ApplyForm() {
  const [state, action] = useActionState(applyToSellAction, emptyForm);
  const errors = state.fieldErrors;
  const value = (key: string) => state.values[key];
  if (state.success) return <FormMessages success={state.success} />;
  const messageId = `${PREFIX}-message`;
  return (
    <form action={action} className={styles.form} noValidate>
      <FormMessages error={state.error} />
      <Field
        name="companyName"
        label="Company name"
        autoComplete="organization"
        error={errors.companyName}
        defaultValue={value('companyName')}
        required
        maxLength={100}
        idPrefix={PREFIX}
      />
      <CompanyPlaceFields errors={errors} values={state.values} prefix={PREFIX} />
      <Field
        name="website"
        label="Website (optional)"
        autoComplete="url"
        hint="Starting with https://, like https://example.com"
        error={errors.website}
        defaultValue={value('website')}
        maxLength={300}
        idPrefix={PREFIX}
      />
      <div className={styles.field}>
        <label htmlFor={messageId} className={styles.label}>
          What you sell (optional)
        </label>
        <textarea
          id={messageId}
          name="message"
          rows={4}
          maxLength={2000}
          className={styles.input}
          defaultValue={value('message')}
          aria-invalid={errors.message ? true : undefined}
          aria-describedby={errors.message ? `${messageId}-error` : undefined}
        />
        {errors.message ? (
          <p id={`${messageId}-error`} className={styles.fieldError}>
            {errors.message}
          </p>
        ) : null}
      </div>
      <SubmitButton pendingLabel="Sending…">Send the application</SubmitButton>
    </form>
  );
}
