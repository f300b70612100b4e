'use server';

import { revalidatePath } from 'next/cache';
import { callApi } from '../auth/api-call.server';
import { getCurrentUser } from '../auth/current-user.server';
import { emptyForm, type FormState, formValues } from '../auth/form-state';
import { parseAmount } from '../bidding/amount';
import { MY_OFFERS_PATH, SELLER_OFFERS_PATH } from '../routes';

/**
 * The best-offer forms (decision 0046): server actions that call the API with
 * the person's cookies. A double submit cannot make two offers or accept
 * twice: the API allows one open offer per buyer and lot, and an answered
 * offer refuses a second answer.
 */

const SIGNED_OUT = 'Your session has ended. Sign in again.';

/** "Make an offer" on a lot page. */
export async function makeOfferAction(
  lot: { id: string; currency: string; pagePath: string },
  _: FormState,
  form: FormData,
): Promise<FormState> {
  const values = formValues(form, ['amount', 'quantity', 'message']);
  const amount = parseAmount(values.amount ?? '', lot.currency);
  const quantityText = (values.quantity ?? '1').trim() || '1';
  const quantity = Number(quantityText);
  const fieldErrors: Record<string, string> = {};
  if (!amount.ok) fieldErrors.amount = amount.message;
  if (!/^\d+$/.test(quantityText) || quantity < 1) fieldErrors.quantity = 'Enter a whole number of units, 1 or more.';
  if (Object.keys(fieldErrors).length > 0 || !amount.ok) return { ...emptyForm, values, fieldErrors };
  const message = (values.message ?? '').trim();
  const answer = await callApi('POST', `/marketplace/api/event/event-lots/${encodeURIComponent(lot.id)}/offers`, {
    amount: amount.amount,
    quantity,
    ...(message ? { message } : {}),
  });
  if (answer.status === 401) return { ...emptyForm, values, error: SIGNED_OUT };
  if (!answer.ok) {
    const field = answer.error?.field;
    if (field === 'amount' || field === 'quantity')
      return { ...emptyForm, values, fieldErrors: { [field]: answer.error?.message ?? '' } };
    return { ...emptyForm, values, error: answer.error?.message };
  }
  revalidatePath(lot.pagePath);
  revalidatePath(MY_OFFERS_PATH);
  return { ...emptyForm, success: 'Your offer is sent. The seller has 48 hours to answer it.' };
}

const DONE: Record<string, string> = {
  accept: 'Accepted: your order is placed.',
  decline: 'Declined.',
  withdraw: 'Your offer is withdrawn.',
  counter: 'Your counter-offer is sent to the buyer.',
};

/** The buyer answers a counter (accept, decline) or withdraws a pending offer. */
export async function buyerOfferAction(
  target: { offerId: string; verb: 'accept' | 'decline' | 'withdraw'; pagePath: string },
  _: FormState,
  _form: FormData,
): Promise<FormState> {
  const user = await getCurrentUser();
  if (!user) return { ...emptyForm, error: SIGNED_OUT };
  const path = `/marketplace-api/users/${encodeURIComponent(user.id)}/offers/${encodeURIComponent(target.offerId)}/${target.verb}`;
  const answer = await callApi('POST', path);
  if (!answer.ok) return { ...emptyForm, error: answer.error?.message };
  revalidatePath(target.pagePath);
  revalidatePath(MY_OFFERS_PATH);
  return { ...emptyForm, success: DONE[target.verb] };
}

/** The seller accepts, declines or counters (with the amount typed) a pending offer. */
export async function sellerOfferAction(
  target: { offerId: string; verb: 'accept' | 'decline' | 'counter'; currency: string },
  _: FormState,
  form: FormData,
): Promise<FormState> {
  let body: { amount: number } | undefined;
  if (target.verb === 'counter') {
    const values = formValues(form, ['amount']);
    const amount = parseAmount(values.amount ?? '', target.currency);
    if (!amount.ok) return { ...emptyForm, values, fieldErrors: { amount: amount.message } };
    body = { amount: amount.amount };
  }
  const path = `/marketplace-api/seller/offers/${encodeURIComponent(target.offerId)}/${target.verb}`;
  const answer = await callApi('POST', path, body);
  if (answer.status === 401) return { ...emptyForm, error: SIGNED_OUT };
  if (!answer.ok) {
    if (answer.error?.field === 'amount') return { ...emptyForm, fieldErrors: { amount: answer.error.message } };
    return { ...emptyForm, error: answer.error?.message };
  }
  revalidatePath(SELLER_OFFERS_PATH);
  return { ...emptyForm, success: DONE[target.verb] };
}
