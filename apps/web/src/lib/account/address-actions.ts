'use server';

import { addressBody } from '@lotline/contracts';
import { revalidatePath } from 'next/cache';
import { callApi } from '../auth/api-call.server';
import { getCurrentUser } from '../auth/current-user.server';
import { emptyForm, type FormState, fieldErrorsOf, formValues } from '../auth/form-state';
import { ACCOUNT_PATH } from '../routes';

/**
 * The Addresses section's server actions. Like the other account forms they
 * check with the contract's schema first (messages without a round trip) and
 * let the API decide; the user id is the session's, never the form's.
 */

const FIELDS = ['type', 'name', 'line1', 'line2', 'city', 'region', 'postalCode', 'country', 'phone'] as const;

function refused(answer: { errors: { code: string; message: string; field?: string }[] }, values: FormState['values']) {
  const state: FormState = { fieldErrors: {}, values };
  for (const e of answer.errors) {
    if (e.field && e.code === 'VALIDATION_FAILED') state.fieldErrors[e.field] ??= e.message;
    else state.error ??= e.message;
  }
  return state;
}

async function addressesPath() {
  const user = await getCurrentUser();
  return user ? `/marketplace-api/users/${encodeURIComponent(user.id)}/addresses` : null;
}

const SIGNED_OUT: FormState = { ...emptyForm, error: 'Your session has ended. Sign in again to change addresses.' };

async function save(form: FormData, addressId: string | null): Promise<FormState> {
  const values = formValues(form, FIELDS);
  const parsed = addressBody.safeParse(values);
  if (!parsed.success) return { fieldErrors: fieldErrorsOf(parsed.error), values };
  const base = await addressesPath();
  if (!base) return { ...SIGNED_OUT, values };
  const answer = addressId
    ? await callApi('PUT', `${base}/${encodeURIComponent(addressId)}`, parsed.data)
    : await callApi('POST', base, parsed.data);
  if (!answer.ok) return refused(answer, values);
  revalidatePath(ACCOUNT_PATH);
  const kind = parsed.data.type === 'billing' ? 'Billing' : 'Shipping';
  return { ...emptyForm, success: addressId ? `${kind} address saved.` : `${kind} address added.` };
}

export async function addAddressAction(_: FormState, form: FormData): Promise<FormState> {
  return save(form, null);
}

export async function updateAddressAction(_: FormState, form: FormData): Promise<FormState> {
  const id = form.get('addressId');
  if (typeof id !== 'string' || id === '') return { ...emptyForm, error: 'That address no longer exists.' };
  return save(form, id);
}

export async function deleteAddressAction(_: FormState, form: FormData): Promise<FormState> {
  const id = form.get('addressId');
  if (typeof id !== 'string' || id === '') return { ...emptyForm, error: 'That address no longer exists.' };
  const base = await addressesPath();
  if (!base) return SIGNED_OUT;
  const answer = await callApi('DELETE', `${base}/${encodeURIComponent(id)}`);
  if (!answer.ok) return { ...emptyForm, error: answer.error?.message };
  revalidatePath(ACCOUNT_PATH);
  return { ...emptyForm, success: 'Address removed.' };
}
