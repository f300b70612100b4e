// Renders the page cache must not keep (decision 0103): a page whose API read failed (the API unreachable, a 5xx,
// a 429) may render a fallback with status 200 ("could not load"); that answer is served to its visitor but never
// stored. The page cache (server.mjs) opens a render by its request id and closes it after the answer; the API
// helpers (lib/api/api.server.ts, lib/auth/api-call.server.ts) mark it degraded. Plain JavaScript on a
// process-wide registry: the web server and Next's bundled server code share the process, not their modules.

const KEY = Symbol.for('lotline.page-cache.renders');
/** @type {Map<string, boolean>} request id → degraded */
const renders = /** @type {any} */ (globalThis)[KEY] ?? new Map();
/** @type {any} */ (globalThis)[KEY] = renders;

/**
 * Opens the render of this request id; false when a render of the same id is open already (a client may send any
 * sane id: the second is not kept, so a mark meant for one render never goes unseen by the other).
 * @param {string} requestId
 */
export function openRender(requestId) {
  if (renders.has(requestId)) return false;
  renders.set(requestId, false);
  return true;
}

/** @param {string} requestId @returns {boolean} whether the render was marked degraded */
export function closeRender(requestId) {
  const degraded = renders.get(requestId) === true;
  renders.delete(requestId);
  return degraded;
}

/** Marks the render of this request degraded; a request the cache is not rendering is not recorded. */
/** @param {string | null | undefined} requestId */
export function markDegraded(requestId) {
  if (requestId && renders.has(requestId)) renders.set(requestId, true);
}

/** An API answer a page must not be cached with: none (the API unreachable), a 5xx or a 429. */
/** @param {number | null} status */
export function degradesPage(status) {
  return status === null || status >= 500 || status === 429;
}
