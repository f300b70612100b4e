'use server';

import { revalidatePath } from 'next/cache';
import { callApi } from '../auth/api-call.server';
import { getCurrentUser } from '../auth/current-user.server';
import { emptyForm, type FormState } from '../auth/form-state';
import { WATCHLIST_PATH } from '../routes';

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
  revalidatePath(WATCHLIST_PATH);
  return { ...emptyForm, success: 'Removed from your watchlist.' };
}

/** The event page's watch button: `wishlistId` is the current entry (remove it) or empty (add one). */
export interface WatchState {
  wishlistId: string | null;
  error?: string;
}

export async function toggleEventWatchAction(state: WatchState, form: FormData): Promise<WatchState> {
  const eventId = form.get('eventId');
  const wishlistId = form.get('wishlistId');
  if (typeof eventId !== 'string' || eventId === '') return { ...state, error: 'This event could not be found.' };
  const user = await getCurrentUser();
  if (!user) return { ...state, error: 'Your session has ended. Sign in again to change your watchlist.' };
  const base = `/marketplace/api/identity/users/${encodeURIComponent(user.id)}/wishlists`;
  if (typeof wishlistId === 'string' && wishlistId !== '') {
    const answer = await callApi('DELETE', `${base}/${encodeURIComponent(wishlistId)}`);
    // Already gone (removed in another tab) is the outcome the person asked for.
    if (!answer.ok && answer.status !== 404) return { ...state, error: answer.error?.message };
    revalidatePath(WATCHLIST_PATH);
    return { wishlistId: null };
  }
  const answer = await callApi<{ wishlist: { _id: string } }>('POST', base, {
    documentId: eventId,
    documentType: 'event',
  });
  if (!answer.ok || !answer.data) return { ...state, error: answer.error?.message };
  revalidatePath(WATCHLIST_PATH);
  return { wishlistId: answer.data.wishlist._id };
}
