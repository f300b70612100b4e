'use client';

import type { USER_ROLES } from '@lotline/contracts';
import { useActionState } from 'react';
import { FormMessages } from '../../../../components/forms/form-messages';
import forms from '../../../../components/forms/forms.module.css';
import { SubmitButton } from '../../../../components/forms/submit-button';
import { emptyForm } from '../../../../lib/auth/form-state';
import { sendPasswordResetAction, setDisabledAction, setRolesAction } from '../../../../lib/staff/user-actions';

/** Disable (ends the user's sessions at once) or enable the account. */
export function DisableForm({ userId, disabled }: { userId: string; disabled: boolean }) {
  const [state, action] = useActionState(setDisabledAction, emptyForm);
  return (
    <form action={action}>
      <input type="hidden" name="userId" value={userId} />
      <input type="hidden" name="disabled" value={disabled ? 'off' : 'on'} />
      <SubmitButton pendingLabel={disabled ? 'Enabling…' : 'Disabling…'}>
        {disabled ? 'Enable' : 'Disable'}
      </SubmitButton>
      <FormMessages error={state.error} success={state.success} />
    </form>
  );
}

const ROLE_LABELS: Record<(typeof USER_ROLES)[number], string> = {
  admin: 'Admin (manages staff and roles)',
  staff: 'Staff',
  seller: 'Seller',
};

/**
 * The complete set of roles, one checkbox each. `allRoles` comes from the server page: the contracts' entry that
 * holds it also holds zod schemas, which stay out of the browser bundle (client-bundle.test.ts).
 */
export function RolesForm({
  userId,
  roles,
  allRoles,
}: {
  userId: string;
  roles: readonly string[];
  allRoles: typeof USER_ROLES;
}) {
  const [state, action] = useActionState(setRolesAction, emptyForm);
  return (
    <form action={action} className={forms.form}>
      <input type="hidden" name="userId" value={userId} />
      <fieldset className={forms.fieldset}>
        <legend className={forms.label}>Roles</legend>
        {allRoles.map((role) => (
          <label key={role} className={forms.choice}>
            <input type="checkbox" name="roles" value={role} defaultChecked={roles.includes(role)} />{' '}
            {ROLE_LABELS[role]}
          </label>
        ))}
      </fieldset>
      <SubmitButton pendingLabel="Saving…">Save roles</SubmitButton>
      <FormMessages error={state.error} success={state.success} />
    </form>
  );
}

/** Sends the user the normal password reset mail. */
export function PasswordResetForm({ userId }: { userId: string }) {
  const [state, action] = useActionState(sendPasswordResetAction, emptyForm);
  return (
    <form action={action}>
      <input type="hidden" name="userId" value={userId} />
      <SubmitButton pendingLabel="Sending…">Send password reset</SubmitButton>
      <FormMessages error={state.error} success={state.success} />
    </form>
  );
}
