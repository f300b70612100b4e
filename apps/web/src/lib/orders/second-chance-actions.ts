'use server';

import { revalidatePath } from 'next/cache';
import { redirect } from 'next/navigation';
import { callApi } from '../auth/api-call.server';
import { getCurrentUser } from '../auth/current-user.server';
import { emptyForm, type FormState } from '../auth/form-state';
import { MY_OFFERS_PATH, orderPagePath } from '../routes';

/**
 * The runner-up answers a second chance (BIDDING §8, decision 0061): "Buy it" makes their order (the form's key,
 * rendered with the page, is the Idempotency-Key: a double submit is one order) and opens it; "No, thanks"
 * declines. The API decides and refuses; its message is shown.
 */
export async function secondChanceAction(_: FormState, form: FormData): Promise<FormState> {
  const id = form.get('secondChanceId');
  const key = form.get('formKey');
  const verb = form.get('verb') === 'accept' ? 'accept' : 'decline';
  const user = await getCurrentUser();
  if (typeof id !== 'string' || id === '' || typeof key !== 'string' || key === '' || !user)
    return { ...emptyForm, error: 'That offer no longer exists. Reload the page.' };
  const path = `/marketplace-api/users/${encodeURIComponent(user.id)}/second-chances/${encodeURIComponent(id)}/${verb}`;
  const answer = await callApi<{ order?: { _id: string } }>(
    'POST',
    path,
    {},
    verb === 'accept' ? { 'idempotency-key': key } : {},
  );
  revalidatePath(MY_OFFERS_PATH);
  if (!answer.ok) return { ...emptyForm, error: answer.error?.message ?? 'That did not work. Try again.' };
  const orderId = answer.data?.order?._id;
  if (verb === 'accept' && orderId) redirect(orderPagePath('buyer', orderId));
  return { ...emptyForm, success: 'Declined. The lot will not be offered to you again.' };
}
