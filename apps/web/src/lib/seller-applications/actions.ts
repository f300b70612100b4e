'use server';

import { sellerApplicationBody, sellerApplicationDecisionBody } from '@lotline/contracts';
import { revalidatePath } from 'next/cache';
import { callApi } from '../auth/api-call.server';
import { emptyForm, type FormState, fieldErrorsOf, formValues } from '../auth/form-state';
import { STAFF_SELLER_APPLICATIONS_PATH } from '../routes';

/** Seller onboarding's forms (decision 0074): apply to sell, and staff's decision. The API checks who may. */

const APPLY_FIELDS = ['companyName', 'country', 'region', 'website', 'message'] as const;

export async function applyToSellAction(_: FormState, form: FormData): Promise<FormState> {
  const values = formValues(form, APPLY_FIELDS);
  const parsed = sellerApplicationBody.safeParse(values);
  if (!parsed.success) return { fieldErrors: fieldErrorsOf(parsed.error), values };
  const answer = await callApi('POST', '/marketplace-api/seller-applications', parsed.data);
  if (!answer.ok) {
    const field = answer.error?.field;
    if (field) return { fieldErrors: { [field]: answer.error?.message ?? '' }, values };
    return { ...emptyForm, values, error: answer.error?.message };
  }
  return {
    ...emptyForm,
    success: 'Thank you: your application is sent. We e-mail you as soon as staff have reviewed it.',
  };
}

export async function decideSellerApplicationAction(_: FormState, form: FormData): Promise<FormState> {
  const values = formValues(form, ['decision', 'note']);
  const id = form.get('applicationId');
  if (typeof id !== 'string' || id === '') return { ...emptyForm, error: 'That application no longer exists.' };
  const parsed = sellerApplicationDecisionBody.safeParse(values);
  if (!parsed.success) return { fieldErrors: fieldErrorsOf(parsed.error), values };
  const answer = await callApi(
    'POST',
    `/marketplace-api/staff/seller-applications/${encodeURIComponent(id)}/decision`,
    parsed.data,
  );
  if (!answer.ok) {
    const field = answer.error?.field;
    if (field) return { fieldErrors: { [field]: answer.error?.message ?? '' }, values };
    return { ...emptyForm, values, error: answer.error?.message };
  }
  revalidatePath(STAFF_SELLER_APPLICATIONS_PATH);
  return {
    ...emptyForm,
    success: parsed.data.decision === 'approve' ? 'Approved: the company is created.' : 'Declined.',
  };
}
