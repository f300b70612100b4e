'use server';

import { wishlistResponse } from '@lotline/contracts';
import { callApi } from '../auth/api-call.server';
import { getCurrentUser } from '../auth/current-user.server';

/** What a card's watch toggle knows after a submit: the entry's id when watched, and a problem to show. */
export interface WatchToggleState {
  wishlistId: string | null;
  error?: string;
}

/**
 * A lot card's watch toggle (spec §6): adds the event lot to the signed-in
 * user's watchlist, or removes the entry it names. The user id is the
 * session's; the API checks the lot exists and the entry is this user's.
 */
export async function toggleWatchAction(previous: WatchToggleState, form: FormData): Promise<WatchToggleState> {
  const documentId = form.get('documentId');
  const wishlistId = form.get('wishlistId');
  if (typeof documentId !== 'string' || documentId === '') {
    return { ...previous, error: 'This lot can no longer be watched.' };
  }
  const user = await getCurrentUser();
  if (!user) return { ...previous, error: 'Your session has ended. Sign in again to change your watchlist.' };
  const base = `/marketplace/api/identity/users/${encodeURIComponent(user.id)}/wishlists`;
  if (typeof wishlistId === 'string' && wishlistId !== '') {
    const answer = await callApi('DELETE', `${base}/${encodeURIComponent(wishlistId)}`);
    // Already gone (removed in another tab) is what the person asked for.
    if (!answer.ok && answer.status !== 404) return { ...previous, error: answer.error?.message };
    return { wishlistId: null };
  }
  const answer = await callApi<unknown>('POST', base, { documentId, documentType: 'event-lot' });
  if (!answer.ok) return { ...previous, error: answer.error?.message };
  const parsed = wishlistResponse.safeParse(answer.data);
  if (!parsed.success) return { ...previous, error: 'The watchlist answered unexpectedly. Try again.' };
  return { wishlistId: parsed.data.wishlist._id };
}
