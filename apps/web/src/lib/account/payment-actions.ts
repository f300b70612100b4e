'use server';

import { type PaymentSetupNext, paymentMethod, paymentSetup } from '@lotline/contracts';
import { revalidatePath } from 'next/cache';
import { redirect } from 'next/navigation';
import { callApi } from '../auth/api-call.server';
import { getCurrentUser } from '../auth/current-user.server';
import { emptyForm, type FormState } from '../auth/form-state';
import { ACCOUNT_PATH, paymentSetupReturnPath } from '../routes';
import { cardLabel } from './cards';

/**
 * The Payment methods section's server actions (decision 0015). Adding a card
 * starts a setup with the payment provider and sends the browser to the
 * provider's page (sandbox), or hands the client secret to Stripe Elements.
 * The card number is typed only there, never into our forms.
 */

export interface AddCardState extends FormState {
  /** Stripe only: what Elements needs to confirm the SetupIntent in the browser. */
  stripe?: Extract<PaymentSetupNext, { type: 'stripe' }>;
}

const SIGNED_OUT: FormState = { ...emptyForm, error: 'Your session has ended. Sign in again to change your cards.' };

async function userBase() {
  const user = await getCurrentUser();
  return user ? `/marketplace-api/users/${encodeURIComponent(user.id)}` : null;
}

export async function addCardAction(_: AddCardState, _form: FormData): Promise<AddCardState> {
  const base = await userBase();
  if (!base) return SIGNED_OUT;
  const answer = await callApi<unknown>('POST', `${base}/payment-setups`);
  const parsed = paymentSetup.safeParse(answer.data);
  if (!answer.ok || !parsed.success) {
    return { ...emptyForm, error: answer.error?.message ?? 'The card form could not be opened. Try again.' };
  }
  if (parsed.data.next.type === 'stripe') return { ...emptyForm, stripe: parsed.data.next };
  redirect(parsed.data.next.url);
}

function methodId(form: FormData): string | null {
  const id = form.get('paymentMethodId');
  return typeof id === 'string' && id !== '' ? id : null;
}

export async function removeCardAction(_: FormState, form: FormData): Promise<FormState> {
  const id = methodId(form);
  if (!id) return { ...emptyForm, error: 'That card no longer exists.' };
  const base = await userBase();
  if (!base) return SIGNED_OUT;
  const answer = await callApi('DELETE', `${base}/payment-methods/${encodeURIComponent(id)}`);
  if (!answer.ok) return { ...emptyForm, error: answer.error?.message };
  revalidatePath(ACCOUNT_PATH);
  return { ...emptyForm, success: 'Card removed.' };
}

export async function makeDefaultCardAction(_: FormState, form: FormData): Promise<FormState> {
  const id = methodId(form);
  if (!id) return { ...emptyForm, error: 'That card no longer exists.' };
  const base = await userBase();
  if (!base) return SIGNED_OUT;
  const answer = await callApi<unknown>('POST', `${base}/payment-methods/${encodeURIComponent(id)}/default`);
  const parsed = paymentMethod.safeParse(answer.data);
  if (!answer.ok || !parsed.success) return { ...emptyForm, error: answer.error?.message };
  revalidatePath(ACCOUNT_PATH);
  return { ...emptyForm, success: `${cardLabel(parsed.data)} is now your default card.` };
}

/** The return page's button, for when the provider sent the browser back from another site. */
export async function finishCardSetupAction(_: FormState, form: FormData): Promise<FormState> {
  const setup = form.get('setup');
  if (typeof setup !== 'string' || setup === '') return { ...emptyForm, error: 'That card setup does not exist.' };
  const base = await userBase();
  if (!base) return SIGNED_OUT;
  const answer = await callApi('POST', `${base}/payment-setups/${encodeURIComponent(setup)}/complete`);
  if (!answer.ok) return { ...emptyForm, error: answer.error?.message };
  revalidatePath(ACCOUNT_PATH);
  redirect(paymentSetupReturnPath(setup));
}
