'use server';

import { revalidatePath } from 'next/cache';
import { callApi } from '../auth/api-call.server';
import { getCurrentUser } from '../auth/current-user.server';
import { emptyForm, type FormState } from '../auth/form-state';
import { orderPagePath, SELLER_RESERVE_PATH, STAFF_WIRES_PATH } from '../routes';

/**
 * The pay controls' actions (decision 0044): pay by card (the default or a
 * chosen one), choose wire; staff mark a wire received; a seller accepts a
 * reserve-not-met lot. The API decides and refuses; its message is shown.
 * The form's key (rendered with the page) plus the card makes the
 * Idempotency-Key: a double submit is one payment, another card is a new try.
 */

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === 'string' && value !== '' && value.length <= 200 ? value : null;
};

const GONE = 'That order no longer exists. Reload the page.';

export async function payOrderAction(_: FormState, form: FormData): Promise<FormState> {
  const orderId = text(form, 'orderId');
  const key = text(form, 'formKey');
  const paymentMethodId = text(form, 'paymentMethodId');
  const user = await getCurrentUser();
  if (!orderId || !key || !user) return { ...emptyForm, error: GONE };
  const answer = await callApi<{ payment: { status: string; message: string | null } }>(
    'POST',
    `/marketplace-api/users/${encodeURIComponent(user.id)}/orders/${encodeURIComponent(orderId)}/payments`,
    paymentMethodId ? { paymentMethodId } : {},
    { 'idempotency-key': `${key}:${paymentMethodId ?? 'default'}` },
  );
  revalidatePath(orderPagePath('buyer', orderId));
  if (!answer.ok) return { ...emptyForm, error: answer.error?.message };
  return { ...emptyForm, success: answer.data?.payment.message ?? 'Payment received. Thank you: the order is paid.' };
}

export async function chooseWireAction(_: FormState, form: FormData): Promise<FormState> {
  const orderId = text(form, 'orderId');
  const user = await getCurrentUser();
  if (!orderId || !user) return { ...emptyForm, error: GONE };
  const answer = await callApi(
    'POST',
    `/marketplace-api/users/${encodeURIComponent(user.id)}/orders/${encodeURIComponent(orderId)}/wire`,
    {},
  );
  revalidatePath(orderPagePath('buyer', orderId));
  if (!answer.ok) return { ...emptyForm, error: answer.error?.message };
  return { ...emptyForm, success: 'Wire transfer chosen. Send the amount due with the reference below.' };
}

export async function markWireReceivedAction(_: FormState, form: FormData): Promise<FormState> {
  const orderId = text(form, 'orderId');
  const key = text(form, 'formKey');
  if (!orderId || !key) return { ...emptyForm, error: GONE };
  const answer = await callApi(
    'POST',
    `/marketplace-api/staff/orders/${encodeURIComponent(orderId)}/wire-received`,
    {},
    { 'idempotency-key': key },
  );
  revalidatePath(STAFF_WIRES_PATH);
  if (!answer.ok) return { ...emptyForm, error: answer.error?.message };
  return { ...emptyForm, success: 'Marked received: the order is paid.' };
}

export async function acceptReserveAction(_: FormState, form: FormData): Promise<FormState> {
  const lotId = text(form, 'lotId');
  const key = text(form, 'formKey');
  if (!lotId || !key) return { ...emptyForm, error: 'That lot no longer exists. Reload the page.' };
  const answer = await callApi<{ order: { number: string } }>(
    'POST',
    `/marketplace-api/seller/lots/${encodeURIComponent(lotId)}/accept-reserve`,
    {},
    { 'idempotency-key': key },
  );
  revalidatePath(SELLER_RESERVE_PATH);
  if (!answer.ok) return { ...emptyForm, error: answer.error?.message };
  return { ...emptyForm, success: `Accepted: order ${answer.data?.order.number ?? ''} was created for the winner.` };
}
