'use client';

import { useActionState } from 'react';
import { Field } from '../../../components/forms/field';
import { FormMessages } from '../../../components/forms/form-messages';
import { SelectField } from '../../../components/forms/select-field';
import { SubmitButton } from '../../../components/forms/submit-button';
import { emptyForm } from '../../../lib/auth/form-state';
import { createProductAction, mergeProductAction, updateProductAction } from '../../../lib/staff/catalog-actions';
import { MergeForm, type MergeOption } from '../catalog-merge-form';

export interface ProductRow {
  _id: string;
  name: string;
  uniqueName: string;
  brandId: string | null;
  productCategoryId: string | null;
  modelNumber: string | null;
  yearFrom: number | null;
  yearTo: number | null;
}

export interface Choices {
  brands: MergeOption[];
  categories: MergeOption[];
}

function Options({ options, none }: { options: MergeOption[]; none: string }) {
  return (
    <>
      <option value="">{none}</option>
      {options.map((o) => (
        <option key={o.id} value={o.id}>
          {o.label}
        </option>
      ))}
    </>
  );
}

/** The fields a product has, for the create and edit forms alike. */
function ProductFields({ prefix, product, choices }: { prefix: string; product?: ProductRow; choices: Choices }) {
  return (
    <>
      <Field
        autoComplete="off"
        name="name"
        label="Name"
        idPrefix={prefix}
        required
        maxLength={200}
        defaultValue={product?.name}
      />
      <Field
        autoComplete="off"
        name="uniqueName"
        label={product ? 'Unique name' : 'Unique name (optional)'}
        idPrefix={prefix}
        required={product !== undefined}
        maxLength={200}
        defaultValue={product?.uniqueName}
        {...(product ? {} : { hint: 'Lower-case words joined by hyphens; made from the name when empty' })}
      />
      <SelectField name="brandId" label="Brand" prefix={prefix} error={undefined} defaultValue={product?.brandId ?? ''}>
        <Options options={choices.brands} none="(no brand)" />
      </SelectField>
      <SelectField
        name="productCategoryId"
        label="Category"
        prefix={prefix}
        error={undefined}
        defaultValue={product?.productCategoryId ?? ''}
      >
        <Options options={choices.categories} none="(no category)" />
      </SelectField>
      <Field
        autoComplete="off"
        name="modelNumber"
        label="Model"
        idPrefix={prefix}
        maxLength={120}
        defaultValue={product?.modelNumber ?? ''}
      />
      <Field
        autoComplete="off"
        type="number"
        name="yearFrom"
        label="Year from"
        idPrefix={prefix}
        defaultValue={product?.yearFrom?.toString() ?? ''}
      />
      <Field
        autoComplete="off"
        type="number"
        name="yearTo"
        label="Year to"
        idPrefix={prefix}
        defaultValue={product?.yearTo?.toString() ?? ''}
      />
    </>
  );
}

export function CreateProductForm({ choices }: { choices: Choices }) {
  const [state, action] = useActionState(createProductAction, emptyForm);
  return (
    <form action={action} aria-label="New catalog product">
      <h2>New catalog product</h2>
      <ProductFields prefix="new-product" choices={choices} />
      <SubmitButton pendingLabel="Creating…">Create catalog product</SubmitButton>
      <FormMessages error={state.error} success={state.success} />
    </form>
  );
}

/** One product's edit and merge forms. */
export function ProductRowForms({
  product,
  choices,
  targets,
}: {
  product: ProductRow;
  choices: Choices;
  targets: MergeOption[];
}) {
  const [state, action] = useActionState(updateProductAction, emptyForm);
  return (
    <div>
      <form action={action} aria-label={`Edit ${product.name}`}>
        <input type="hidden" name="catalogProductId" value={product._id} />
        <ProductFields prefix={`product-${product._id}`} product={product} choices={choices} />
        <SubmitButton pendingLabel="Saving…" label={`Save ${product.name}`}>
          Save
        </SubmitButton>
        <FormMessages error={state.error} success={state.success} />
      </form>
      <MergeForm
        idField="catalogProductId"
        id={product._id}
        name={product.name}
        noun="catalog product"
        targets={targets}
        action={mergeProductAction}
      />
    </div>
  );
}
