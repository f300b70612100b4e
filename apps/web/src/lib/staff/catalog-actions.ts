'use server';

import {
  staffBrandCreateBody,
  staffBrandUpdateBody,
  staffCatalogMergeBody,
  staffCatalogProductCreateBody,
  staffCatalogProductUpdateBody,
} from '@lotline/contracts';
import { revalidatePath } from 'next/cache';
import { callApi } from '../auth/api-call.server';
import { emptyForm, type FormState } from '../auth/form-state';
import { STAFF_BRANDS_PATH, STAFF_CATALOG_PRODUCTS_PATH } from './catalog';

/**
 * The staff brand and catalog product pages' actions (decision 0083): create,
 * edit, merge. The contract's schemas check the form; the API checks who may.
 */

const text = (form: FormData, key: string) => {
  const value = form.get(key);
  return typeof value === 'string' ? value.trim() : '';
};
/** An optional text field: empty is absent (create) or null (edit clears it). */
const optional = (form: FormData, key: string) => text(form, key) || undefined;
const nullable = (form: FormData, key: string) => text(form, key) || null;
const year = (form: FormData, key: string) => {
  const v = text(form, key);
  return v === '' ? null : Number(v);
};

async function send(method: 'POST' | 'PATCH', path: string, body: unknown, failed: string, done: string) {
  const answer = await callApi(method, path, body);
  if (!answer.ok) return { ...emptyForm, error: answer.error?.message ?? failed };
  revalidatePath(path.includes('/brands') ? STAFF_BRANDS_PATH : STAFF_CATALOG_PRODUCTS_PATH);
  return { ...emptyForm, success: done };
}
const invalid = (issues: { message: string }[], fallback: string): FormState => ({
  ...emptyForm,
  error: issues[0]?.message ?? fallback,
});

export async function createBrandAction(_: FormState, form: FormData): Promise<FormState> {
  const parsed = staffBrandCreateBody.safeParse({ name: text(form, 'name'), uniqueName: optional(form, 'uniqueName') });
  if (!parsed.success) return invalid(parsed.error.issues, 'Not a valid brand.');
  return send('POST', '/marketplace-api/staff/brands', parsed.data, 'The brand was not created.', 'Brand created.');
}

export async function updateBrandAction(_: FormState, form: FormData): Promise<FormState> {
  const id = text(form, 'brandId');
  const parsed = staffBrandUpdateBody.safeParse({ name: text(form, 'name'), uniqueName: text(form, 'uniqueName') });
  if (!id || !parsed.success) return invalid(parsed.success ? [] : parsed.error.issues, 'Not a valid change.');
  return send('PATCH', `/marketplace-api/staff/brands/${encodeURIComponent(id)}`, parsed.data, 'Not saved.', 'Saved.');
}

/** Merges once the confirmation box is ticked: the merged brand is then gone. */
export async function mergeBrandAction(_: FormState, form: FormData): Promise<FormState> {
  const id = text(form, 'brandId');
  if (text(form, 'confirm') !== 'yes') return { ...emptyForm, error: 'Tick the box to confirm the merge.' };
  const parsed = staffCatalogMergeBody.safeParse({ intoId: text(form, 'intoId') });
  if (!id || !parsed.success) return { ...emptyForm, error: 'Choose the brand to merge into.' };
  const path = `/marketplace-api/staff/brands/${encodeURIComponent(id)}/merge`;
  return send('POST', path, parsed.data, 'The brands were not merged.', 'Merged.');
}

const productFields = (form: FormData) => ({
  name: text(form, 'name'),
  brandId: nullable(form, 'brandId'),
  productCategoryId: nullable(form, 'productCategoryId'),
  modelNumber: nullable(form, 'modelNumber'),
  yearFrom: year(form, 'yearFrom'),
  yearTo: year(form, 'yearTo'),
});

export async function createProductAction(_: FormState, form: FormData): Promise<FormState> {
  const parsed = staffCatalogProductCreateBody.safeParse({
    ...productFields(form),
    uniqueName: optional(form, 'uniqueName'),
  });
  if (!parsed.success) return invalid(parsed.error.issues, 'Not a valid catalog product.');
  const path = '/marketplace-api/staff/catalog-products';
  return send('POST', path, parsed.data, 'The catalog product was not created.', 'Catalog product created.');
}

export async function updateProductAction(_: FormState, form: FormData): Promise<FormState> {
  const id = text(form, 'catalogProductId');
  const parsed = staffCatalogProductUpdateBody.safeParse({
    ...productFields(form),
    uniqueName: text(form, 'uniqueName'),
  });
  if (!id || !parsed.success) return invalid(parsed.success ? [] : parsed.error.issues, 'Not a valid change.');
  const path = `/marketplace-api/staff/catalog-products/${encodeURIComponent(id)}`;
  return send('PATCH', path, parsed.data, 'Not saved.', 'Saved.');
}

export async function mergeProductAction(_: FormState, form: FormData): Promise<FormState> {
  const id = text(form, 'catalogProductId');
  if (text(form, 'confirm') !== 'yes') return { ...emptyForm, error: 'Tick the box to confirm the merge.' };
  const parsed = staffCatalogMergeBody.safeParse({ intoId: text(form, 'intoId') });
  if (!id || !parsed.success) return { ...emptyForm, error: 'Choose the catalog product to merge into.' };
  const path = `/marketplace-api/staff/catalog-products/${encodeURIComponent(id)}/merge`;
  return send('POST', path, parsed.data, 'The catalog products were not merged.', 'Merged.');
}
