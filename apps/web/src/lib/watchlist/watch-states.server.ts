import 'server-only';
import { wishlistsResponse } from '@lotline/contracts';
import { callApi } from '../auth/api-call.server';
import { getCurrentUser } from '../auth/current-user.server';
import { signInHref } from '../routes';
import type { WatchState } from './watch-state';

/**
 * The watch toggles of one page of cards (spec §6, §7). A visitor gets inert
 * toggles that lead to sign-in and no look-up is made; a signed-in user's
 * wishlists of the lots shown are read in one call. `returnTo` is the page's
 * path, where sign-in comes back to.
 */
export async function loadWatchStates(
  documentIds: readonly string[],
  returnTo: string,
): Promise<(documentId: string) => WatchState> {
  const user = await getCurrentUser();
  if (!user) {
    const state: WatchState = { signedIn: false, loginHref: signInHref(returnTo) };
    return () => state;
  }
  const watched = new Map<string, string>();
  const ids = [...new Set(documentIds)];
  if (ids.length > 0) {
    // An empty `in` list is dropped by the API (contract §1) and would list every entry, hence the guard.
    const dto = JSON.stringify({ documentId: { in: ids }, documentType: 'event-lot' });
    const path = `/marketplace/api/identity/users/${encodeURIComponent(user.id)}/wishlists?dto=${encodeURIComponent(dto)}`;
    const answer = await callApi<unknown>('GET', path);
    const parsed = answer.ok ? wishlistsResponse.safeParse(answer.data) : null;
    if (parsed?.success) for (const w of parsed.data.wishlists) watched.set(w.documentId, w._id);
    else console.error(`[watchlist] look-up failed (${answer.status}); cards show as not watched`);
  }
  return (documentId) => ({ signedIn: true, wishlistId: watched.get(documentId) ?? null });
}
