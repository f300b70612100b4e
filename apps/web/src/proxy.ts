import { type NextRequest, NextResponse } from 'next/server';
import { apiBaseUrl } from './lib/env.server';
import { LOT_ROUTE_PREFIX } from './lib/lots/lot-path';
import { lotRoute } from './lib/lots/lot-route';
import { apiTargetUrl, isApiPath } from './lib/proxy/api-paths';
import { forwardToApi } from './lib/proxy/forward';

/**
 * One origin for the browser: API paths are forwarded to `${API_URL}${path}`
 * with method, headers (cookies included) and body, and the API's status,
 * headers (Set-Cookie included) and body are streamed back. API_URL is read
 * per request, so it is a runtime setting, not a build one.
 *
 * Lot detail pages pass through `lotRoute` (canonical 301, lots_viewed cookie).
 */
export async function proxy(request: NextRequest): Promise<Response> {
  const { pathname, search } = request.nextUrl;
  if (pathname.startsWith(LOT_ROUTE_PREFIX)) return lotRoute(request);
  if (!isApiPath(pathname)) return NextResponse.next();
  // Bodies stream to the API; one over MAX_PROXY_BODY_BYTES (declared or chunked) is refused with 413.
  return forwardToApi(request, apiTargetUrl(apiBaseUrl(), pathname, search));
}

export const config = {
  // Must be literals (read statically at build time); mirrors lib/proxy/api-paths.ts, then the lot route.
  matcher: [
    '/marketplace/api/:path+',
    '/marketplace-api/:path+',
    '/ars/api/:path+',
    '/user/wishlist(.*)',
    '/files/:path+',
    '/openapi.json',
    '/docs/:path*',
    '/healthz',
    '/api/:path+',
    '/payments-sandbox/:path+',
    '/marketplace/bid/:slug/:lotId',
  ],
};
