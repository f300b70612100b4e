import { browseHref } from '../routes';
import { type RawSearchParams, toURLSearchParams } from './search-params';
import type { BrowseState } from './state';

const sorted = (params: URLSearchParams) =>
  [...params.entries()]
    .map(([k, v]) => `${k}=${v}`)
    .sort()
    .join('&');

/**
 * `target` when the request (`requestPath` + `raw`) is not that address, or
 * null when it is. Parameter order does not matter.
 */
export function canonicalRedirect(target: string, requestPath: string, raw: RawSearchParams): string | null {
  const [targetPath, targetQuery = ''] = target.split('?') as [string, string?];
  const same =
    requestPath === targetPath && sorted(toURLSearchParams(raw)) === sorted(new URLSearchParams(targetQuery));
  return same ? null : target;
}

/**
 * The address to redirect to when the request (`requestPath` + `raw`) is not
 * the canonical form of its own state, or null when it is.
 */
export function canonicalBrowseUrl(state: BrowseState, requestPath: string, raw: RawSearchParams): string | null {
  return canonicalRedirect(browseHref(state), requestPath, raw);
}
