'use client';

import { useActionState } from 'react';
import { FormMessages } from '../../components/forms/form-messages';
import { SelectField } from '../../components/forms/select-field';
import { SubmitButton } from '../../components/forms/submit-button';
import { emptyForm, type FormState } from '../../lib/auth/form-state';

export interface MergeOption {
  id: string;
  label: string;
}

/**
 * Merge a duplicate into a survivor (decision 0083), shared by the brand and
 * catalog product pages: a target select and a confirmation box, since the
 * merged row is deleted and cannot come back.
 */
export function MergeForm({
  idField,
  id,
  name,
  noun,
  targets,
  action: serverAction,
}: {
  idField: string;
  id: string;
  name: string;
  noun: string;
  targets: MergeOption[];
  action: (state: FormState, form: FormData) => Promise<FormState>;
}) {
  const [state, action] = useActionState(serverAction, emptyForm);
  const prefix = `merge-${id}`;
  if (targets.length === 0) return null;
  return (
    <form action={action} aria-label={`Merge ${name}`}>
      <input type="hidden" name={idField} value={id} />
      <SelectField name="intoId" label="Merge into" prefix={prefix} error={undefined} defaultValue="">
        <option value="" disabled>
          (choose the {noun} to keep)
        </option>
        {targets.map((t) => (
          <option key={t.id} value={t.id}>
            {t.label}
          </option>
        ))}
      </SelectField>
      <label htmlFor={`${prefix}-confirm`}>
        <input id={`${prefix}-confirm`} type="checkbox" name="confirm" value="yes" required /> Delete "{name}" after
        moving its lots
      </label>
      <SubmitButton pendingLabel="Merging…" label={`Merge ${name}`}>
        Merge
      </SubmitButton>
      <FormMessages error={state.error} success={state.success} />
    </form>
  );
}
