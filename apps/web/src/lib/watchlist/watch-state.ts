/** A card's watch toggle: inert with a sign-in link for visitors, the entry's id (or null) for a signed-in user. */
export type WatchState = { signedIn: false; loginHref: string } | { signedIn: true; wishlistId: string | null };

export const WATCH_LABELS = { add: 'Add to watchlist', remove: 'Remove from watchlist' } as const;
