import { RECENTLY_VIEWED_LIMIT } from '@lotline/contracts';

/** Spec §7: the recently viewed ids live in this cookie as a JSON list. */
export const LOTS_VIEWED_COOKIE = 'lots_viewed';

/**
 * How many ids the cookie keeps: the recently viewed row reads only the first
 * four (spec §7), so more would only make every request's header longer.
 */
export const LOTS_VIEWED_MAX = RECENTLY_VIEWED_LIMIT;

/** Kept for 90 days: long enough to come back to a search, short enough not to linger. */
export const LOTS_VIEWED_MAX_AGE_S = 90 * 24 * 60 * 60;

/**
 * The cookie's list after viewing `lotId`: that id first, no duplicates,
 * at most LOTS_VIEWED_MAX. A cookie that is not a JSON list of strings
 * (hand-edited, truncated) starts a new list rather than failing the page.
 */
export function nextLotsViewed(cookieValue: string | undefined, lotId: string): string[] {
  let previous: unknown = [];
  try {
    previous = cookieValue ? JSON.parse(cookieValue) : [];
  } catch {
    previous = [];
  }
  const ids = Array.isArray(previous) ? previous.filter((id): id is string => typeof id === 'string' && id !== '') : [];
  return [lotId, ...ids.filter((id) => id !== lotId)].slice(0, LOTS_VIEWED_MAX);
}
