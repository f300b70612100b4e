'use server';

import { termsAgreementBody } from '@lotline/contracts';
import { revalidatePath } from 'next/cache';
import { redirect } from 'next/navigation';
import { callApi } from '../auth/api-call.server';
import { getCurrentUser } from '../auth/current-user.server';
import { signInHref, TERMS_OF_USE_PATH } from '../routes';

/** Agrees to the version of the Terms of Use the person read (decision 0084); a newer one answers with its message. */
export async function agreeToTermsAction(form: FormData): Promise<void> {
  const user = await getCurrentUser();
  if (!user) redirect(signInHref(TERMS_OF_USE_PATH));
  const parsed = termsAgreementBody.safeParse({ version: Number(form.get('version')) });
  if (!parsed.success)
    redirect(`${TERMS_OF_USE_PATH}?${new URLSearchParams({ error: 'Reload the page and try again.' })}`);
  const answer = await callApi(
    'POST',
    `/marketplace-api/users/${encodeURIComponent(user.id)}/terms-agreement`,
    parsed.data,
  );
  if (!answer.ok) {
    const error = answer.error?.message ?? 'Your agreement was not recorded. Try again.';
    redirect(`${TERMS_OF_USE_PATH}?${new URLSearchParams({ error })}`);
  }
  // The layout's banner asks every page again (decision 0089): it goes at once, not at the next full load.
  revalidatePath('/', 'layout');
  redirect(`${TERMS_OF_USE_PATH}?agreed=1`);
}
