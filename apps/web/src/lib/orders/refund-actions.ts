'use server';

import { createHash } from 'node:crypto';
import { refundBody, refundResponse } from '@lotline/contracts';
import { revalidatePath } from 'next/cache';
import { callApi } from '../auth/api-call.server';
import { emptyForm, type FormState, fieldErrorsOf, formValues } from '../auth/form-state';
import { parseAmount } from '../bidding/amount';
import { formatMoney } from '../format/money';
import { ORDERS_PATHS, orderPagePath } from '../routes';
import { STAFF_REFUNDS_PATH, staffOrderHref } from '../staff/money';

export type RefundSide = 'seller' | 'staff';

/**
 * The seller's and staff's refund dialog (decisions 0062, 0091): the amount as typed (whole currency units) and the reason, checked
 * with the API's own schema, then POSTed with an Idempotency-Key made of the dialog's key and what was typed: a
 * double submit is one refund; a corrected amount or reason is a new request. The API decides what can be
 * refunded and says why not; its message is shown in the dialog (under the amount when it names it).
 */
export async function refundOrderAction(
  target: { orderId: string; currency: string; side?: RefundSide },
  _: FormState,
  form: FormData,
): Promise<FormState> {
  const side = target.side ?? 'seller';
  const values = formValues(form, ['amount', 'reason', 'formKey']);
  const amount = parseAmount(values.amount ?? '', target.currency);
  const parsed = refundBody.safeParse({ amount: amount.ok ? amount.amount : 1, reason: values.reason ?? '' });
  const fieldErrors = parsed.success ? {} : fieldErrorsOf(parsed.error);
  if (!amount.ok) fieldErrors.amount = amount.message;
  if (!parsed.success || !amount.ok) return { ...emptyForm, values, fieldErrors };
  const body = { ...parsed.data, amount: amount.amount };
  const key = createHash('sha256')
    .update(`${values.formKey ?? ''}\n${body.amount}\n${body.reason}`)
    .digest('hex');
  const answer = await callApi<unknown>(
    'POST',
    `/marketplace-api/${side}/orders/${encodeURIComponent(target.orderId)}/refunds`,
    body,
    { 'idempotency-key': key },
  );
  if (!answer.ok) {
    const message = answer.error?.message ?? 'The refund did not go through. Try again.';
    if (answer.error?.field === 'amount') return { ...emptyForm, values, fieldErrors: { amount: message } };
    return { ...emptyForm, values, error: message };
  }
  if (side === 'staff') {
    revalidatePath(staffOrderHref(target.orderId));
    revalidatePath(STAFF_REFUNDS_PATH);
  } else {
    revalidatePath(orderPagePath('seller', target.orderId));
    revalidatePath(ORDERS_PATHS.seller);
  }
  const done = refundResponse.pick({ refund: true, message: true }).safeParse(answer.data);
  if (!done.success) return { ...emptyForm, success: 'Refund recorded.' };
  const { refund, message } = done.data;
  if (refund.status === 'processing') return { ...emptyForm, success: message ?? 'The refund is being processed.' };
  const given = `Refunded ${formatMoney(refund.amount, target.currency)}: credit note ${refund.number} is on its way to the buyer.`;
  return { ...emptyForm, success: message ? `${given} ${message}` : given };
}
