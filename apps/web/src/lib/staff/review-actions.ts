'use server';

import { approveBody, revokeBody } from '@lotline/contracts';
import { revalidatePath } from 'next/cache';
import { callApi } from '../auth/api-call.server';
import { emptyForm, type FormState, fieldErrorsOf, formValues } from '../auth/form-state';
import { STAFF_TAX_EXEMPTIONS_PATH } from '../routes';

/** The staff review page's actions: approve with an expiry date, revoke with a note. The API checks the role. */

function idOf(form: FormData) {
  const id = form.get('exemptionId');
  return typeof id === 'string' && id !== '' ? id : null;
}

async function review(form: FormData, action: 'approve' | 'revoke', body: unknown, values: FormState['values']) {
  const id = idOf(form);
  if (!id) return { ...emptyForm, error: 'That exemption no longer exists.' };
  const answer = await callApi('POST', `/ars/api/v2/identity/tax-exemptions/${encodeURIComponent(id)}/${action}`, body);
  if (!answer.ok) {
    const field = answer.error?.field;
    if (field) return { fieldErrors: { [field]: answer.error?.message ?? '' }, values };
    return { ...emptyForm, values, error: answer.error?.message };
  }
  revalidatePath(STAFF_TAX_EXEMPTIONS_PATH);
  return { ...emptyForm, success: action === 'approve' ? 'Exemption approved.' : 'Exemption revoked.' };
}

export async function approveExemptionAction(_: FormState, form: FormData): Promise<FormState> {
  const values = formValues(form, ['expiresOn']);
  const parsed = approveBody.safeParse(values.expiresOn ? { expiresOn: values.expiresOn } : {});
  if (!parsed.success) return { fieldErrors: fieldErrorsOf(parsed.error), values };
  return review(form, 'approve', parsed.data, values);
}

export async function revokeExemptionAction(_: FormState, form: FormData): Promise<FormState> {
  const values = formValues(form, ['note']);
  const parsed = revokeBody.safeParse(values);
  if (!parsed.success) return { fieldErrors: fieldErrorsOf(parsed.error), values };
  return review(form, 'revoke', parsed.data, values);
}
