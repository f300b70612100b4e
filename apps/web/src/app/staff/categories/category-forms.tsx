'use client';

import type { ProductCategory } from '@lotline/contracts';
import { createContext, memo, type ReactNode, useActionState, useContext, useMemo, useState } from 'react';
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

const sameOptions = (a: readonly ParentOption[], b: readonly ParentOption[]) =>
  a.length === b.length && a.every((option, i) => option.id === b[i]?.id && option.label === b[i]?.label);

const CategoryOptionsContext = createContext<readonly ParentOption[]>([]);

/**
 * The page's one list of every category (outline order, indented labels), for the create form's parent select and
 * each row's move and merge selects. Sent to the browser once, not once per row: with one row per category, a list
 * per row made the page's RSC payload, and every action's re-render of it, grow with the square of the categories.
 * A re-render whose list has not changed (a slug, a status, a move that keeps the order) keeps the same array, so
 * the rows whose own props are unchanged skip rendering their selects again.
 */
export function CategoryOptions({ options, children }: { options: ParentOption[]; children: ReactNode }) {
  const [current, setCurrent] = useState(options);
  if (current !== options && !sameOptions(current, options)) setCurrent(options);
  return <CategoryOptionsContext.Provider value={current}>{children}</CategoryOptionsContext.Provider>;
}

function ParentOptions({ parents }: { parents: readonly ParentOption[] }) {
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
export function CreateCategoryForm() {
  const parents = useContext(CategoryOptionsContext);
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

/** What a row's forms need of its category: plain values, so that an unchanged row is equal after a re-render. */
export type RowCategory = Pick<ProductCategory, '_id' | 'name' | 'slug' | 'parentId' | 'status'>;

type RowProps = RowCategory & {
  /** The ids, space-separated, of the category and every category under it: not a parent nor a merge target. */
  branch: string;
};

/**
 * One category's rename (name and slug), move (parent) and activate/deactivate, each its own form, and its merge.
 * Memoised on its plain props: after an action only the rows that changed render again, not every row's two
 * selects of every category. The memo is inside a plain component on purpose: the page (a server component) refers
 * to this export through the RSC payload, where a client component arrives as a lazy reference, and React matches
 * a lazy reference to the mounted fiber by its resolved type, which for a memo() export is not the fiber's type: a
 * memo() export would be remounted, its forms and messages reset, on every refresh.
 */
export function CategoryRowForms(props: RowProps) {
  return <RowForms {...props} />;
}

const RowForms = memo(function RowForms({ _id, name, slug, parentId, status, branch }: RowProps) {
  const all = useContext(CategoryOptionsContext);
  const parents = useMemo(() => {
    const excluded = new Set(branch.split(' '));
    return all.filter((p) => !excluded.has(p.id));
  }, [all, branch]);
  const category = { _id, name, slug, parentId, status };
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
});

/**
 * Merge into another category (decision 0083): its lots, products and children
 * go to the target, its slug redirects there, and it is deleted. The checkbox
 * is the confirmation: the merge cannot be undone.
 */
function MergeCategoryForm({ category, targets }: { category: RowCategory; targets: readonly ParentOption[] }) {
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
