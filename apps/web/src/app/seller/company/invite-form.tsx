'use client';

import { useActionState } from 'react';
import { Field } from '../../../components/forms/field';
import { FormMessages } from '../../../components/forms/form-messages';
import styles from '../../../components/forms/forms.module.css';
import { SelectField } from '../../../components/forms/select-field';
import { SubmitButton } from '../../../components/forms/submit-button';
import { emptyForm } from '../../../lib/auth/form-state';
import { inviteMemberAction } from '../../../lib/seller-company/company-actions';

/** An owner invites a person by e-mail; they join only when they accept (decision 0068). */
export function InviteForm({ companyId }: { companyId: string }) {
  const [state, action] = useActionState(inviteMemberAction, emptyForm);
  return (
    <form action={action} className={styles.form} noValidate aria-label="Invite a member">
      <FormMessages error={state.error} success={state.success} />
      <input type="hidden" name="companyId" value={companyId} />
      <Field
        name="email"
        type="email"
        label="E-mail address"
        autoComplete="off"
        error={state.fieldErrors.email}
        defaultValue={state.values.email}
        idPrefix="invite"
      />
      <SelectField
        name="role"
        label="Role"
        error={state.fieldErrors.role}
        defaultValue={state.values.role ?? 'staff'}
        prefix="invite"
      >
        <option value="staff">Staff: runs the company's sales</option>
        <option value="owner">Owner: also manages the members</option>
      </SelectField>
      <SubmitButton pendingLabel="Inviting…">Invite</SubmitButton>
    </form>
  );
}
