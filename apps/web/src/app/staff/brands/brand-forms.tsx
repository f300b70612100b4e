'use client';

import { useActionState } from 'react';
import { Field } from '../../../components/forms/field';
import { FormMessages } from '../../../components/forms/form-messages';
import { SubmitButton } from '../../../components/forms/submit-button';
import { emptyForm } from '../../../lib/auth/form-state';
import { createBrandAction, mergeBrandAction, updateBrandAction } from '../../../lib/staff/catalog-actions';
import { MergeForm, type MergeOption } from '../catalog-merge-form';

export interface BrandRow {
  _id: string;
  name: string;
  uniqueName: string;
}

/** A new brand: name, optional uniqueName (else made from the name). */
export function CreateBrandForm() {
  const [state, action] = useActionState(createBrandAction, emptyForm);
  return (
    <form action={action} aria-label="New brand">
      <h2>New brand</h2>
      <Field autoComplete="off" name="name" label="Name" idPrefix="new-brand" required maxLength={200} />
      <Field
        autoComplete="off"
        name="uniqueName"
        label="Unique name (optional)"
        idPrefix="new-brand"
        hint="Lower-case words joined by hyphens; made from the name when empty"
        maxLength={200}
      />
      <SubmitButton pendingLabel="Creating…">Create brand</SubmitButton>
      <FormMessages error={state.error} success={state.success} />
    </form>
  );
}

/** One brand's edit (name, uniqueName) and merge forms. */
export function BrandRowForms({ brand, targets }: { brand: BrandRow; targets: MergeOption[] }) {
  const [state, action] = useActionState(updateBrandAction, emptyForm);
  const prefix = `brand-${brand._id}`;
  return (
    <div>
      <form action={action} aria-label={`Edit ${brand.name}`}>
        <input type="hidden" name="brandId" value={brand._id} />
        <Field
          autoComplete="off"
          name="name"
          label="Name"
          idPrefix={prefix}
          required
          maxLength={200}
          defaultValue={brand.name}
        />
        <Field
          autoComplete="off"
          name="uniqueName"
          label="Unique name"
          idPrefix={prefix}
          required
          maxLength={200}
          defaultValue={brand.uniqueName}
        />
        <SubmitButton pendingLabel="Saving…" label={`Save ${brand.name}`}>
          Save
        </SubmitButton>
        <FormMessages error={state.error} success={state.success} />
      </form>
      <MergeForm
        idField="brandId"
        id={brand._id}
        name={brand.name}
        noun="brand"
        targets={targets}
        action={mergeBrandAction}
      />
    </div>
  );
}
