'use server';

import { createHash } from 'node:crypto';
import { cancelOrderBody } from '@lotline/contracts';
import { revalidatePath } from 'next/cache';
import { callApi } from '../auth/api-call.server';
import { emptyForm, type FormState, fieldErrorsOf, formValues } from '../auth/form-state';
import { staffOrderHref } from './money';

/**
 * Staff cancel an unpaid order from its page (decision 0091), saying why: the reason checked with the API's own
 * schema, then POSTed with an Idempotency-Key made of the dialog's key and the reason (a double submit is one
 * cancel). The API decides who may (never the buyer, nor a member of the seller company) and says why not.
 */
export async function staffCancelOrderAction(orderId: string, _: FormState, form: FormData): Promise<FormState> {
  const values = formValues(form, ['reason', 'formKey']);
  const parsed = cancelOrderBody.safeParse({ reason: values.reason ?? '' });
  if (!parsed.success) return { ...emptyForm, values, fieldErrors: fieldErrorsOf(parsed.error) };
  const key = createHash('sha256')
    .update(`${values.formKey ?? ''}\n${parsed.data.reason}`)
    .digest('hex');
  const answer = await callApi<unknown>(
    'POST',
    `/marketplace-api/staff/orders/${encodeURIComponent(orderId)}/cancel`,
    parsed.data,
    { 'idempotency-key': key },
  );
  if (!answer.ok) {
    const message = answer.error?.message ?? 'The order was not cancelled. Try again.';
    if (answer.error?.field === 'reason') return { ...emptyForm, values, fieldErrors: { reason: message } };
    return { ...emptyForm, values, error: message };
  }
  revalidatePath(staffOrderHref(orderId));
  return { ...emptyForm, success: 'Order cancelled. The buyer and the seller have been told.' };
}
