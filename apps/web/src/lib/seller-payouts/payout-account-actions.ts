'use server';

import { payoutOnboardingResponse, sellerPayoutsPath } from '@lotline/contracts';
import { revalidatePath } from 'next/cache';
import { redirect } from 'next/navigation';
import { callApi } from '../auth/api-call.server';
import { emptyForm, type FormState } from '../auth/form-state';
import { SELLER_PAYOUTS_PATH } from '../routes';
import { payoutAccountApiPath } from './payout-account';

/**
 * The payout account's two buttons (decision 0090). The API decides who may (owners) and talks to the provider;
 * these only send the browser on: to the provider's onboarding page, or back to the payouts page.
 */

const companyOf = (form: FormData) => {
  const id = form.get('companyId');
  return typeof id === 'string' && id !== '' ? id : null;
};

/** Connect (or continue): the API answers a single-use onboarding URL at the provider, where the browser goes. */
export async function connectPayoutAccountAction(_: FormState, form: FormData): Promise<FormState> {
  const companyId = companyOf(form);
  if (!companyId) return { ...emptyForm, error: 'Choose a company first.' };
  const answer = await callApi<unknown>('POST', `${payoutAccountApiPath(companyId)}/onboarding`);
  const started = answer.ok ? payoutOnboardingResponse.safeParse(answer.data) : null;
  if (!started?.success) return { ...emptyForm, error: answer.error?.message ?? 'That did not work. Try again.' };
  redirect(started.data.url);
}

/** Asks the provider how the account stands now, then shows the page again. */
export async function refreshPayoutAccountAction(_: FormState, form: FormData): Promise<FormState> {
  const companyId = companyOf(form);
  if (!companyId) return { ...emptyForm, error: 'Choose a company first.' };
  const answer = await callApi('POST', `${payoutAccountApiPath(companyId)}/refresh`);
  if (!answer.ok) return { ...emptyForm, error: answer.error?.message ?? 'The account could not be checked.' };
  revalidatePath(SELLER_PAYOUTS_PATH);
  redirect(sellerPayoutsPath(companyId));
}
