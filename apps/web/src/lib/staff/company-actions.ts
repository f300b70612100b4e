'use server';

import { staffCompanyCreateBody, staffCompanyPatchBody } from '@lotline/contracts';
import { revalidatePath } from 'next/cache';
import { callApi } from '../auth/api-call.server';
import { emptyForm, type FormState, fieldErrorsOf, formValues } from '../auth/form-state';
import { STAFF_COMPANIES_PATH } from './companies';

/**
 * The staff companies page's actions (decisions 0074 and 0076): a new company with its owner invited, suspend or
 * reactivate, the commission. The API checks who may.
 */

const companyUrl = (companyId: string) => `/marketplace-api/staff/companies/${encodeURIComponent(companyId)}`;

/** Suspends or reactivates the company, after the button's confirmation dialog. */
export async function setCompanyStatusAction(input: {
  companyId: string;
  status: 'active' | 'suspended';
}): Promise<{ ok: boolean; message?: string }> {
  const parsed = staffCompanyPatchBody.safeParse({ status: input.status });
  if (!parsed.success) return { ok: false, message: parsed.error.issues[0]?.message ?? 'Not a valid status.' };
  const answer = await callApi('PATCH', companyUrl(input.companyId), parsed.data);
  if (!answer.ok) return { ok: false, message: answer.error?.message ?? 'That did not work. Try again.' };
  revalidatePath(STAFF_COMPANIES_PATH);
  return { ok: true };
}

/** The commission field: basis points (100 = 1%), or empty for the marketplace default. */
export async function setCommissionAction(_: FormState, form: FormData): Promise<FormState> {
  const companyId = String(form.get('companyId') ?? '');
  const raw = String(form.get('commissionBps') ?? '').trim();
  const values = { commissionBps: raw };
  const commissionBps = raw === '' ? null : /^\d+$/.test(raw) ? Number(raw) : Number.NaN;
  const parsed = staffCompanyPatchBody.safeParse({ commissionBps });
  if (!parsed.success || !companyId) {
    const message = 'The commission is a whole number of basis points from 0 to 10000, or empty for the default.';
    return { ...emptyForm, values, error: message };
  }
  const answer = await callApi('PATCH', companyUrl(companyId), parsed.data);
  if (!answer.ok) return { ...emptyForm, values, error: answer.error?.message ?? 'The commission was not saved.' };
  revalidatePath(STAFF_COMPANIES_PATH);
  return { ...emptyForm, success: commissionBps === null ? 'Back to the marketplace default.' : 'Saved.' };
}

const CREATE_FIELDS = ['name', 'country', 'region', 'ownerEmail'] as const;

/** A new company; its owner is invited by e-mail and becomes the owner by accepting. */
export async function createCompanyAction(_: FormState, form: FormData): Promise<FormState> {
  const values = formValues(form, CREATE_FIELDS);
  const parsed = staffCompanyCreateBody.safeParse(values);
  if (!parsed.success) return { fieldErrors: fieldErrorsOf(parsed.error), values };
  const answer = await callApi<{ company: { name: string; slug: string } }>(
    'POST',
    '/marketplace-api/staff/companies',
    parsed.data,
  );
  if (!answer.ok) {
    const field = answer.error?.field;
    if (field) return { fieldErrors: { [field]: answer.error?.message ?? '' }, values };
    return { ...emptyForm, values, error: answer.error?.message ?? 'The company was not created.' };
  }
  revalidatePath(STAFF_COMPANIES_PATH);
  const name = answer.data?.company.name ?? parsed.data.name;
  return {
    ...emptyForm,
    success: `${name} is created. ${parsed.data.ownerEmail} is invited to be its owner and becomes it on accepting.`,
  };
}
