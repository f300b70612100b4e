'use server';

import { taxExemptionBody } from '@lotline/contracts';
import { revalidatePath } from 'next/cache';
import { callApi } from '../auth/api-call.server';
import { emptyForm, type FormState, fieldErrorsOf } from '../auth/form-state';
import { ACCOUNT_PATH } from '../routes';

/**
 * Submits an uploaded certificate (the browser has already stored the file
 * with uploadFile) for review. The API checks the file is the user's own.
 */
export async function submitTaxExemptionAction(input: { fileKey: string; region: string }): Promise<FormState> {
  const values = { region: input.region };
  const parsed = taxExemptionBody.safeParse(input);
  if (!parsed.success) return { fieldErrors: fieldErrorsOf(parsed.error), values };
  const answer = await callApi('POST', '/ars/api/v2/identity/tax-exemptions/user', parsed.data);
  if (!answer.ok) {
    const field = answer.error?.field;
    if (field === 'region') return { fieldErrors: { region: answer.error?.message ?? '' }, values };
    if (field === 'fileKey') return { fieldErrors: { certificate: answer.error?.message ?? '' }, values };
    return { ...emptyForm, values, error: answer.error?.message };
  }
  revalidatePath(ACCOUNT_PATH);
  return { ...emptyForm, success: 'Certificate submitted. Lotline staff will review it.' };
}
