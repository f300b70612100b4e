'use server';

import { manualPayoutBody, transferPayoutBody } from '@lotline/contracts';
import { revalidatePath } from 'next/cache';
import { callApi } from '../auth/api-call.server';
import { emptyForm, type FormState, fieldErrorsOf } from '../auth/form-state';
import { formatMoney } from '../format/money';
import { STAFF_PAYOUTS_PATH, STAFF_REVENUE_PATH } from './money';

/**
 * The staff payouts page's actions (decision 0079). The form's key is the Idempotency-Key: a double submit
 * records one payout. The API checks the role, the release rule and the amount; these only shape its answers.
 */

const GONE = 'That order is no longer listed. Reload the page.';
const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
};

type PayoutAnswer = { payout: { amount: number; currency: string; orderNumber: string } };

export async function recordPayoutAction(_: FormState, form: FormData): Promise<FormState> {
  const key = text(form, 'formKey');
  const values = { reference: text(form, 'reference') };
  const parsed = manualPayoutBody.safeParse({ orderId: text(form, 'orderId'), reference: values.reference });
  if (!key) return { ...emptyForm, error: GONE };
  if (!parsed.success) {
    const fieldErrors = fieldErrorsOf(parsed.error);
    if (!fieldErrors.reference) return { ...emptyForm, error: GONE };
    return { ...emptyForm, fieldErrors: { reference: fieldErrors.reference }, values };
  }
  const answer = await callApi<PayoutAnswer>('POST', '/marketplace-api/staff/payouts', parsed.data, {
    'idempotency-key': key,
  });
  if (!answer.ok) {
    const field = answer.error?.field === 'reference' ? 'reference' : null;
    const message = answer.error?.message ?? 'The payout was not recorded.';
    return field
      ? { ...emptyForm, fieldErrors: { reference: message }, values }
      : { ...emptyForm, error: message, values };
  }
  revalidatePath(STAFF_PAYOUTS_PATH);
  revalidatePath(STAFF_REVENUE_PATH);
  const payout = answer.data?.payout;
  return {
    ...emptyForm,
    success: payout
      ? `Recorded: ${formatMoney(payout.amount, payout.currency)} paid for order ${payout.orderNumber}.`
      : 'Recorded.',
  };
}

type TransferAnswer = { payout: { status: string; amount: number; currency: string }; message: string | null };

export async function transferPayoutAction(_: FormState, form: FormData): Promise<FormState> {
  const parsed = transferPayoutBody.safeParse({ orderId: text(form, 'orderId') });
  if (!parsed.success) return { ...emptyForm, error: GONE };
  const answer = await callApi<TransferAnswer>('POST', '/marketplace-api/staff/payouts/transfers', parsed.data);
  revalidatePath(STAFF_PAYOUTS_PATH);
  if (!answer.ok) return { ...emptyForm, error: answer.error?.message ?? 'The transfer was not made.' };
  const payout = answer.data?.payout;
  if (payout?.status === 'paid') {
    revalidatePath(STAFF_REVENUE_PATH);
    return { ...emptyForm, success: `Transferred ${formatMoney(payout.amount, payout.currency)} through Stripe.` };
  }
  return { ...emptyForm, error: answer.data?.message ?? 'The transfer did not go through.' };
}
