'use client';

import type { CompanyRole } from '@lotline/contracts';
import { useActionState } from 'react';
import { FormMessages } from '../../../components/forms/form-messages';
import { SelectField } from '../../../components/forms/select-field';
import { SubmitButton } from '../../../components/forms/submit-button';
import { emptyForm } from '../../../lib/auth/form-state';
import { changeRoleAction } from '../../../lib/seller-company/company-actions';
import styles from './company.module.css';

/** An owner sets a member's role: a select and "Save" (decision 0054; the last owner stays one, the API says so). */
export function RoleForm({
  companyId,
  memberId,
  name,
  role,
}: {
  companyId: string;
  memberId: string;
  name: string;
  role: CompanyRole;
}) {
  const [state, action] = useActionState(changeRoleAction, emptyForm);
  return (
    <form action={action} className={styles.roleForm} aria-label={`Role of ${name}`}>
      <input type="hidden" name="companyId" value={companyId} />
      <input type="hidden" name="memberId" value={memberId} />
      <SelectField
        name="role"
        label={`Role of ${name}`}
        error={state.fieldErrors.role}
        defaultValue={state.values.role ?? role}
        prefix={`role-${memberId}`}
      >
        <option value="owner">Owner</option>
        <option value="staff">Staff</option>
      </SelectField>
      <SubmitButton pendingLabel="Saving…" label={`Save the role of ${name}`}>
        Save
      </SubmitButton>
      <FormMessages error={state.error} success={state.success} />
    </form>
  );
}
