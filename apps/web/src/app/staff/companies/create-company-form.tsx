'use client';

import { useActionState } from 'react';
import { Field } from '../../../components/forms/field';
import { FormMessages } from '../../../components/forms/form-messages';
import styles from '../../../components/forms/forms.module.css';
import { CompanyPlaceFields } from '../../../components/forms/select-field';
import { SubmitButton } from '../../../components/forms/submit-button';
import { emptyForm } from '../../../lib/auth/form-state';
import { createCompanyAction } from '../../../lib/staff/company-actions';

const PREFIX = 'new-company';

/** Staff create a company and invite its owner by e-mail (decision 0074); works without JavaScript. */
export function CreateCompanyForm() {
  const [state, action] = useActionState(createCompanyAction, emptyForm);
  const errors = state.fieldErrors;
  const value = (key: string) => state.values[key];
  return (
    <form action={action} className={styles.form} noValidate aria-labelledby={`${PREFIX}-title`}>
      <h2 id={`${PREFIX}-title`}>New company</h2>
      <p>The company is created at once. Its owner is invited by e-mail and becomes the owner on accepting.</p>
      <FormMessages error={state.error} success={state.success} />
      <Field
        name="name"
        label="Company name"
        autoComplete="off"
        error={errors.name}
        defaultValue={value('name')}
        required
        maxLength={100}
        idPrefix={PREFIX}
      />
      <CompanyPlaceFields errors={errors} values={state.values} prefix={PREFIX} />
      <Field
        name="ownerEmail"
        label="Owner's e-mail"
        type="email"
        autoComplete="off"
        error={errors.ownerEmail}
        defaultValue={value('ownerEmail')}
        required
        maxLength={254}
        idPrefix={PREFIX}
      />
      <SubmitButton pendingLabel="Creating…">Create the company and invite its owner</SubmitButton>
    </form>
  );
}
