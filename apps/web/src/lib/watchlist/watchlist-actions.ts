'use server';

import { revalidatePath } from 'next/cache';
import { callApi } from '../auth/api-call.server';
import { getCurrentUser } from '../auth/current-user.server';
import { emptyForm, type FormState } from '../auth/form-state';

/**
 * The My Watchlist page's remove button. The user id is the session's, never
 * the form's; the API checks that the wishlist is this user's (another's is 404).
 */
export async function removeWatchedAction(_: FormState, form: FormData): Promise<FormState> {
  const id = form.get('wishlistId');
  if (typeof id !== 'string' || id === '') return { ...emptyForm, error: 'That entry is no longer on your watchlist.' };
  const user = await getCurrentUser();
  if (!user) return { ...emptyForm, error: 'Your session has ended. Sign in again to change your watchlist.' };
  const path = `/marketplace/api/identity/users/${encodeURIComponent(user.id)}/wishlists/${encodeURIComponent(id)}`;
  const answer = await callApi('DELETE', path);
  if (!answer.ok) return { ...emptyForm, error: answer.error?.message };
  revalidatePath('/account/watchlist');
  return { ...emptyForm, success: 'Removed from your watchlist.' };
}
