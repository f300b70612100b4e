// Spec §7's recently viewed list, in plain JavaScript: the lot page's proxy (lot-route.ts, through lots-viewed.ts)
// and the page cache (server.mjs, decision 0103) both record a view with it.

/** Spec §7: the recently viewed ids live in this cookie as a JSON list. */
export const LOTS_VIEWED_COOKIE = 'lots_viewed';

/**
 * How many ids the cookie keeps: the recently viewed row reads only the first four (spec §7, the contracts'
 * RECENTLY_VIEWED_LIMIT, which lots-viewed.test.ts holds this to), so more would only make every request's
 * header longer.
 */
export const LOTS_VIEWED_MAX = 4;

/**
 * The cookie's list after viewing `lotId`: that id first, no duplicates, at most LOTS_VIEWED_MAX. A cookie that
 * is not a JSON list of strings (hand-edited, truncated) starts a new list rather than failing the page.
 * @param {string | undefined} cookieValue
 * @param {string} lotId
 * @returns {string[]}
 */
export function nextLotsViewed(cookieValue, lotId) {
  /** @type {unknown} */
  let previous = [];
  try {
    previous = cookieValue ? JSON.parse(cookieValue) : [];
  } catch {
    previous = [];
  }
  const ids = Array.isArray(previous) ? previous.filter((id) => typeof id === 'string' && id !== '') : [];
  return [lotId, ...ids.filter((id) => id !== lotId)].slice(0, LOTS_VIEWED_MAX);
}
