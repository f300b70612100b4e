'use client';

import type { ProductCategory } from '@lotline/contracts';
import { useActionState } from 'react';
import { Field } from '../../../components/forms/field';
import { FormMessages } from '../../../components/forms/form-messages';
import { SelectField } from '../../../components/forms/select-field';
import { SubmitButton } from '../../../components/forms/submit-button';
import { emptyForm } from '../../../lib/auth/form-state';
import { createCategoryAction, mergeCategoryAction, updateCategoryAction } from '../../../lib/staff/category-actions';

export interface ParentOption {
  id: string;
  label: string;
}

function ParentOptions({ parents }: { parents: ParentOption[] }) {
  return (
    <>
      <option value="">(top level)</option>
      {parents.map((p) => (
        <option key={p.id} value={p.id}>
          {p.label}
        </option>
      ))}
    </>
  );
}

/** A new category: name, optional slug (else derived from the name), parent. */
export function CreateCategoryForm({ parents }: { parents: ParentOption[] }) {
  const [state, action] = useActionState(createCategoryAction, emptyForm);
  return (
    <form action={action} aria-label="New category">
      <h2>New category</h2>
      <Field
        autoComplete="off"
        name="name"
        label="Name"
        idPrefix="new"
        required
        maxLength={120}
        defaultValue={state.values.name}
      />
      <Field
        autoComplete="off"
        name="slug"
        label="Slug (optional)"
        idPrefix="new"
        hint="Lower-case words joined by hyphens; made from the name when empty"
        maxLength={120}
        defaultValue={state.values.slug}
      />
      <SelectField
        name="parentId"
        label="Parent"
        prefix="new"
        error={undefined}
        defaultValue={state.values.parentId ?? ''}
      >
        <ParentOptions parents={parents} />
      </SelectField>
      <SubmitButton pendingLabel="Creating…">Create category</SubmitButton>
      <FormMessages error={state.error} success={state.success} />
    </form>
  );
}

/** One category's rename (name and slug), move (parent) and activate/deactivate, each its own form. */
export function CategoryRowForms({ category, parents }: { category: ProductCategory; parents: ParentOption[] }) {
  const [state, action] = useActionState(updateCategoryAction, emptyForm);
  const prefix = `cat-${category._id}`;
  const id = <input type="hidden" name="categoryId" value={category._id} />;
  return (
    <div>
      <form action={action} aria-label={`Rename ${category.name}`}>
        {id}
        <input type="hidden" name="change" value="rename" />
        <Field
          autoComplete="off"
          name="name"
          label="Name"
          idPrefix={prefix}
          required
          maxLength={120}
          defaultValue={category.name}
        />
        <Field
          autoComplete="off"
          name="slug"
          label="Slug"
          idPrefix={prefix}
          required
          maxLength={120}
          defaultValue={category.slug}
        />
        <SubmitButton pendingLabel="Saving…" label={`Rename ${category.name}`}>
          Rename
        </SubmitButton>
      </form>
      <form action={action} aria-label={`Move ${category.name}`}>
        {id}
        <input type="hidden" name="change" value="move" />
        <SelectField
          name="parentId"
          label="Parent"
          prefix={prefix}
          error={undefined}
          defaultValue={category.parentId ?? ''}
        >
          <ParentOptions parents={parents} />
        </SelectField>
        <SubmitButton pendingLabel="Moving…" label={`Move ${category.name}`}>
          Move
        </SubmitButton>
      </form>
      <form action={action} aria-label={`${category.status === 'active' ? 'Deactivate' : 'Activate'} ${category.name}`}>
        {id}
        <input type="hidden" name="change" value="status" />
        <input type="hidden" name="status" value={category.status === 'active' ? 'inactive' : 'active'} />
        <SubmitButton
          pendingLabel="Saving…"
          label={`${category.status === 'active' ? 'Deactivate' : 'Activate'} ${category.name}`}
        >
          {category.status === 'active' ? 'Deactivate' : 'Activate'}
        </SubmitButton>
      </form>
      <FormMessages error={state.error} success={state.success} />
      <MergeCategoryForm category={category} targets={parents} />
    </div>
  );
}

/**
 * Merge into another category (decision 0083): its lots, products and children
 * go to the target, its slug redirects there, and it is deleted. The checkbox
 * is the confirmation: the merge cannot be undone.
 */
function MergeCategoryForm({ category, targets }: { category: ProductCategory; targets: ParentOption[] }) {
  const [state, action] = useActionState(mergeCategoryAction, emptyForm);
  const prefix = `merge-${category._id}`;
  if (targets.length === 0) return null;
  return (
    <form action={action} aria-label={`Merge ${category.name}`}>
      <input type="hidden" name="categoryId" value={category._id} />
      <SelectField name="intoId" label="Merge into" prefix={prefix} error={undefined} defaultValue="">
        <option value="" disabled>
          (choose a category)
        </option>
        {targets.map((p) => (
          <option key={p.id} value={p.id}>
            {p.label}
          </option>
        ))}
      </SelectField>
      <label htmlFor={`${prefix}-confirm`}>
        <input id={`${prefix}-confirm`} type="checkbox" name="confirm" value="yes" required /> Delete "{category.name}"
        after moving its lots, products and subcategories
      </label>
      <SubmitButton pendingLabel="Merging…" label={`Merge ${category.name}`}>
        Merge
      </SubmitButton>
      <FormMessages error={state.error} success={state.success} />
    </form>
  );
}
