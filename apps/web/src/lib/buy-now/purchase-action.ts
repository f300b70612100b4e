'use server';

import { type Order, purchaseBody } from '@lotline/contracts';
import { redirect } from 'next/navigation';
import { callApi } from '../auth/api-call.server';
import { orderPagePath } from '../routes';

export interface PurchaseFormState {
  error?: string;
}

/**
 * The buy box's confirmation (issue 15): buys on the person's behalf with the
 * Idempotency-Key the dialog made when it opened (a double submit buys once),
 * then goes to the order's page. A refusal (out of stock, not open, …) comes
 * back as the API's message, nothing changed.
 */
export async function purchaseAction(_: PurchaseFormState, form: FormData): Promise<PurchaseFormState> {
  const lotId = String(form.get('lotId') ?? '');
  const key = String(form.get('key') ?? '');
  const body = purchaseBody.safeParse({ quantity: Number(form.get('quantity')) });
  if (!lotId || !key) return { error: 'This form is incomplete. Reload the page and try again.' };
  if (!body.success) return { error: 'Enter a whole number of units to buy.' };
  const answer = await callApi<{ order: Order }>(
    'POST',
    `/marketplace/api/event/event-lots/${encodeURIComponent(lotId)}/purchases`,
    body.data,
    { 'idempotency-key': key },
  );
  if (!answer.ok || !answer.data) return { error: answer.error?.message ?? 'The purchase did not go through.' };
  redirect(orderPagePath('buyer', answer.data.order._id));
}
