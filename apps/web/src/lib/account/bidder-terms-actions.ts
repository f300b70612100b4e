'use server';

import { revalidatePath } from 'next/cache';
import { callApi } from '../auth/api-call.server';
import { getCurrentUser } from '../auth/current-user.server';
import { emptyForm, type FormState } from '../auth/form-state';
import { ACCOUNT_PATH } from '../routes';

/** Agrees to the site-wide bidder terms (spec §5: needed with verification to contact sellers and bid). */
export async function agreeBidderTermsAction(_: FormState, _form: FormData): Promise<FormState> {
  const user = await getCurrentUser();
  if (!user) return { ...emptyForm, error: 'Your session has ended. Sign in again to agree to the terms.' };
  const answer = await callApi('POST', `/marketplace-api/users/${encodeURIComponent(user.id)}/bidder-terms`);
  if (!answer.ok) return { ...emptyForm, error: answer.error?.message };
  revalidatePath(ACCOUNT_PATH);
  return { ...emptyForm, success: 'Thank you: you agreed to the bidder terms.' };
}
