import { LOTS_PATH } from '../routes';
/**
 * The one parser of a post-sign-in destination (`/login?next=…`, the sign-in
 * action's hidden field). Only a path of this site passes; anything else, or
 * anything we are not sure of, becomes the fallback. Browsers and servers
 * forgive a lot (they drop tabs and newlines, read `\` as `/`, decode `%2F`
 * and `%2e%2e` before normalising), so the checks are made on the value as
 * typed, on the value as a URL parser resolves it, and on its decoded path.
 */

export const DEFAULT_NEXT_PATH = LOTS_PATH;

/** Longer than any page address of the site; a longer value is not a link we made. */
export const NEXT_PATH_MAX_LENGTH = 2048;

/** A throwaway origin to resolve against: the result must stay on it. */
const BASE = 'http://next-path.invalid';

/** Printable ASCII only: no whitespace, no controls (tabs, CR, LF), no look-alike letters or slashes. */
const PRINTABLE_ASCII = /^[\x21-\x7e]*$/;

/** A path whose first segment is empty (`//host`, `/\host`) is another site to a browser. */
const startsLikeAHost = (path: string) => !path.startsWith('/') || path[1] === '/' || path[1] === '\\';

/** Percent-decodes until stable (at most a few rounds); null when the encoding is broken. */
function decodeFully(value: string): string | null {
  let current = value;
  for (let round = 0; round < 4; round++) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      return null;
    }
    if (next === current) return current;
    current = next;
  }
  return null;
}

export function safeNextPath(raw: unknown, fallback = DEFAULT_NEXT_PATH): string {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > NEXT_PATH_MAX_LENGTH) return fallback;
  if (!PRINTABLE_ASCII.test(raw) || raw.includes('\\') || startsLikeAHost(raw)) return fallback;

  let url: URL;
  try {
    url = new URL(raw, BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== BASE) return fallback;

  // `/%2e%2e//evil` resolves to `//evil`; `/%2F%2Fevil` or `/%5Cevil` decode to one; no page of ours has either.
  const decoded = decodeFully(url.pathname);
  if (decoded === null || startsLikeAHost(url.pathname) || startsLikeAHost(decoded)) return fallback;
  // No page of ours has an empty segment (`/https://evil`), which some servers collapse into a host.
  if (decoded.includes('\\') || decoded.includes('//') || !PRINTABLE_ASCII.test(decoded)) return fallback;
  // A server that decodes before normalising turns `/%252e%252e//evil` into `//evil`.
  if (startsLikeAHost(new URL(decoded, BASE).pathname)) return fallback;

  return `${url.pathname}${url.search}${url.hash}`;
}
