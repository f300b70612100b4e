'use server';

import { staffCategoryCreateBody, staffCategoryMergeBody, staffCategoryUpdateBody } from '@lotline/contracts';
import { revalidatePath } from 'next/cache';
import { callApi } from '../auth/api-call.server';
import { emptyForm, type FormState } from '../auth/form-state';
import { STAFF_CATEGORIES_PATH } from './categories';

/** The staff categories page's actions (decisions 0077, 0083): create, rename, move, (de)activate, merge. The API checks who may. */

const text = (form: FormData, key: string) => {
  const value = form.get(key);
  return typeof value === 'string' ? value : '';
};
/** The parent select: '' is the top level. */
const parentOf = (form: FormData) => text(form, 'parentId') || null;

export async function createCategoryAction(_: FormState, form: FormData): Promise<FormState> {
  const slug = text(form, 'slug').trim();
  const values = { name: text(form, 'name'), slug, parentId: text(form, 'parentId') };
  const parsed = staffCategoryCreateBody.safeParse({
    name: values.name,
    parentId: parentOf(form),
    ...(slug ? { slug } : {}),
  });
  if (!parsed.success)
    return { ...emptyForm, values, error: parsed.error.issues[0]?.message ?? 'Not a valid category.' };
  const answer = await callApi('POST', '/marketplace-api/staff/categories', parsed.data);
  if (!answer.ok) return { ...emptyForm, values, error: answer.error?.message ?? 'The category was not created.' };
  revalidatePath(STAFF_CATEGORIES_PATH);
  return { ...emptyForm, success: `Category "${parsed.data.name}" created.` };
}

/** One form per change: `change` is rename (name, slug), move (parentId) or status. */
export async function updateCategoryAction(_: FormState, form: FormData): Promise<FormState> {
  const id = text(form, 'categoryId');
  if (!id) return { ...emptyForm, error: 'That category no longer exists.' };
  const change = text(form, 'change');
  const body =
    change === 'move'
      ? { parentId: parentOf(form) }
      : change === 'status'
        ? { status: text(form, 'status') }
        : { name: text(form, 'name'), slug: text(form, 'slug').trim() };
  const parsed = staffCategoryUpdateBody.safeParse(body);
  if (!parsed.success) return { ...emptyForm, error: parsed.error.issues[0]?.message ?? 'Not a valid change.' };
  const answer = await callApi('PATCH', `/marketplace-api/staff/categories/${encodeURIComponent(id)}`, parsed.data);
  if (!answer.ok) return { ...emptyForm, error: answer.error?.message ?? 'The category was not changed.' };
  revalidatePath(STAFF_CATEGORIES_PATH);
  return { ...emptyForm, success: 'Saved.' };
}

/** Merges the category into `intoId` once the confirmation box is ticked; the merged category is then gone. */
export async function mergeCategoryAction(_: FormState, form: FormData): Promise<FormState> {
  const id = text(form, 'categoryId');
  if (!id) return { ...emptyForm, error: 'That category no longer exists.' };
  if (text(form, 'confirm') !== 'yes') return { ...emptyForm, error: 'Tick the box to confirm the merge.' };
  const parsed = staffCategoryMergeBody.safeParse({ intoId: text(form, 'intoId') });
  if (!parsed.success) return { ...emptyForm, error: 'Choose the category to merge into.' };
  const answer = await callApi(
    'POST',
    `/marketplace-api/staff/categories/${encodeURIComponent(id)}/merge`,
    parsed.data,
  );
  if (!answer.ok) return { ...emptyForm, error: answer.error?.message ?? 'The categories were not merged.' };
  revalidatePath(STAFF_CATEGORIES_PATH);
  return { ...emptyForm, success: 'Merged.' };
}
