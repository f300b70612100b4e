import { type RawSearchParams, toURLSearchParams } from './search-params';
import { type BrowseState, browseUrl, LOTS_PATH } from './state';

/**
 * The address to redirect to when the request is not the canonical form of
 * its own state, or null when it is. Parameter order does not matter.
 */
export function canonicalBrowseUrl(state: BrowseState, raw: RawSearchParams, categorySlug?: string): string | null {
  const target = browseUrl(state);
  const [targetPath, targetQuery = ''] = target.split('?') as [string, string?];
  const requestPath =
    state.browse === 'events' && raw.browse !== 'events'
      ? targetPath
      : categorySlug !== undefined
        ? `${LOTS_PATH}/${encodeURIComponent(categorySlug)}`
        : raw.browse === 'events'
          ? LOTS_PATH
          : targetPath;
  const sorted = (params: URLSearchParams) =>
    [...params.entries()]
      .map(([k, v]) => `${k}=${v}`)
      .sort()
      .join('&');
  const same =
    requestPath === targetPath && sorted(toURLSearchParams(raw)) === sorted(new URLSearchParams(targetQuery));
  return same ? null : target;
}
