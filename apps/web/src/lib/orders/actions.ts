'use server';

import {
  cancelOrderBody,
  FEATURE_FLAGS,
  type FeatureFlag,
  fulfilmentBody,
  messageBody,
  rejectOrderBody,
} from '@lotline/contracts';
import { revalidatePath } from 'next/cache';
import { callApi } from '../auth/api-call.server';
import { emptyForm, type FormState, fieldErrorsOf, formValues } from '../auth/form-state';
import { ORDERS_PATHS, orderPagePath, STAFF_FEATURE_FLAGS_PATH } from '../routes';

/**
 * The order pages' server actions (issue 15): the seller approves, rejects
 * (with a reason), cancels an unpaid order (with a reason, issue 25) or marks an order shipped/collected; either side writes in
 * the order's thread; staff switch a feature flag. The API decides and
 * checks who may; these only carry the form and show its answer.
 */

const orderIdOf = (form: FormData) => {
  const id = form.get('orderId');
  return typeof id === 'string' && id !== '' ? id : null;
};

async function sellerPost(form: FormData, action: string, body: unknown, success: string, values = {}) {
  const id = orderIdOf(form);
  if (!id) return { ...emptyForm, error: 'That order no longer exists.' };
  const answer = await callApi('POST', `/marketplace-api/seller/orders/${encodeURIComponent(id)}/${action}`, body);
  if (!answer.ok) {
    const field = answer.error?.field;
    if (field) return { fieldErrors: { [field]: answer.error?.message ?? '' }, values };
    return { ...emptyForm, values, error: answer.error?.message ?? 'That did not work. Try again.' };
  }
  revalidatePath(orderPagePath('seller', id));
  revalidatePath(ORDERS_PATHS.seller);
  return { ...emptyForm, success };
}

export async function approveOrderAction(_: FormState, form: FormData): Promise<FormState> {
  return sellerPost(form, 'approve', undefined, 'Order approved.');
}

export async function rejectOrderAction(_: FormState, form: FormData): Promise<FormState> {
  const values = formValues(form, ['reason']);
  const parsed = rejectOrderBody.safeParse(values);
  if (!parsed.success) return { fieldErrors: fieldErrorsOf(parsed.error), values };
  return sellerPost(form, 'reject', parsed.data, 'Order rejected. The buyer has been told.', values);
}

export async function cancelOrderAction(_: FormState, form: FormData): Promise<FormState> {
  const values = formValues(form, ['reason']);
  const parsed = cancelOrderBody.safeParse(values);
  if (!parsed.success) return { fieldErrors: fieldErrorsOf(parsed.error), values };
  return sellerPost(form, 'cancel', parsed.data, 'Order cancelled. The buyer has been told.', values);
}

export async function fulfilmentAction(_: FormState, form: FormData): Promise<FormState> {
  const parsed = fulfilmentBody.safeParse({ fulfilment: form.get('fulfilment') });
  if (!parsed.success) return { ...emptyForm, error: 'Choose shipped or collected.' };
  return sellerPost(
    form,
    'fulfilment',
    parsed.data,
    parsed.data.fulfilment === 'shipped' ? 'Marked shipped.' : 'Marked collected.',
  );
}

export async function orderMessageAction(_: FormState, form: FormData): Promise<FormState> {
  const id = orderIdOf(form);
  const side = form.get('side') === 'seller' ? 'seller' : 'buyer';
  const values = formValues(form, ['body']);
  if (!id) return { ...emptyForm, error: 'That order no longer exists.' };
  const parsed = messageBody.safeParse(values);
  if (!parsed.success) return { fieldErrors: fieldErrorsOf(parsed.error), values };
  const answer = await callApi('POST', `/marketplace-api/orders/${encodeURIComponent(id)}/messages`, parsed.data);
  if (!answer.ok) return { ...emptyForm, values, error: answer.error?.message ?? 'Your message was not sent.' };
  revalidatePath(orderPagePath(side, id));
  return { ...emptyForm, success: 'Message sent.' };
}

export async function switchFlagAction(_: FormState, form: FormData): Promise<FormState> {
  const key = form.get('key');
  if (typeof key !== 'string' || !(FEATURE_FLAGS as readonly string[]).includes(key))
    return { ...emptyForm, error: 'No such feature flag.' };
  const enabled = form.get('enabled') === 'on';
  const answer = await callApi('PUT', `/marketplace/api/feature-flags/${encodeURIComponent(key as FeatureFlag)}`, {
    enabled,
  });
  if (!answer.ok) return { ...emptyForm, error: answer.error?.message ?? 'The flag was not switched.' };
  revalidatePath(STAFF_FEATURE_FLAGS_PATH);
  return { ...emptyForm, success: `${key} is now ${enabled ? 'on' : 'off'}.` };
}
