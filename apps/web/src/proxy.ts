import type { NextRequest } from 'next/server';
import { apiBaseUrl } from './lib/env.server';
import { lotRoute } from './lib/lots/lot-route';
import { apiTargetUrl, isApiPath } from './lib/proxy/api-paths.mjs';
import { forwardToApi } from './lib/proxy/forward.mjs';
import { MAX_PROXY_BODY_BYTES } from './lib/proxy/limits.mjs';
import { LOT_ROUTE_PREFIX } from './lib/routes';
import { pageSecurity } from './lib/security/page-security';

/**
 * One origin for the browser: API paths are forwarded to `${API_URL}${path}`
 * with method, headers (cookies included) and body, and the API's status,
 * headers (Set-Cookie included) and body are streamed back. API_URL is read
 * per request, so it is a runtime setting, not a build one.
 *
 * Every other path is a page: it gets the security headers and a fresh CSP
 * nonce (decision 0029; the API sets its own headers). Lot detail pages pass
 * through `lotRoute` (canonical 301, lots_viewed cookie).
 */
export async function proxy(request: NextRequest): Promise<Response> {
  const { pathname, search } = request.nextUrl;
  if (!isApiPath(pathname)) {
    const page = pageSecurity(request);
    const lot = pathname.startsWith(LOT_ROUTE_PREFIX);
    return page.secure(lot ? await lotRoute(request, page.next, page.requestId) : page.next());
  }
  // Under `next dev` only: apps/web/server.mjs forwards API paths before Next.js sees them (decision 0027).
  // Bodies stream to the API; one over MAX_PROXY_BODY_BYTES (declared or chunked) is refused with 413. Here
  // that is every route's limit, the import preview's too: Next.js cuts a body past NEXT_PROXY_BODY_BYTES.
  return forwardToApi(request, apiTargetUrl(apiBaseUrl(), pathname, search), { maxBodyBytes: MAX_PROXY_BODY_BYTES });
}

export const config = {
  // Must be a literal (read statically at build time). Everything but Next's build output and image route:
  // API paths (lib/proxy/api-paths.mjs) are forwarded, every page gets its security headers.
  matcher: ['/((?!_next/static/|_next/image).*)'],
};
