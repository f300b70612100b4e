/** Spec §7's recently viewed cookie; the list's rule is plain JavaScript for the page cache too (decision 0103). */
export { LOTS_VIEWED_COOKIE, LOTS_VIEWED_MAX, nextLotsViewed } from './lots-viewed-list.mjs';

/** Kept for 90 days: long enough to come back to a search, short enough not to linger. */
export const LOTS_VIEWED_MAX_AGE_S = 90 * 24 * 60 * 60;
