import { lotResponse } from '@lotline/contracts';
import { type NextRequest, NextResponse } from 'next/server';
import { readEnvelope } from '../api/envelope';
import { ApiError } from '../api/errors';
import { REQUEST_ID_HEADER } from '../api/request-id';
import { API_TIMEOUTS, apiBaseUrl } from '../env.server';
import { degradesPage, markDegraded } from '../page-cache/degraded.mjs';
import { PAGE_TAGS_HEADER } from '../page-cache/page-tags.mjs';
import { isCanonicalLotPath, lotCanonicalPath, parseLotPath } from './lot-path';
import { LOTS_VIEWED_COOKIE, LOTS_VIEWED_MAX_AGE_S, nextLotsViewed } from './lots-viewed';

/**
 * The lot detail route's edge work, done in the proxy because only there can
 * the status and cookies be set before the page renders (a page's redirect is
 * a 307/308, and a server component cannot set cookies):
 *
 * - a wrong or old slug, or another id of the same lot, answers 301 with the
 *   canonical URL (query string kept);
 * - the canonical URL records the lot first in the `lots_viewed` cookie;
 * - an unknown id, or an API that cannot answer, passes through: the page
 *   renders the 404 page or the error page itself.
 *
 * Only page loads count: server actions (POST) and router prefetches pass.
 * `next` lets the request through to the page (with the proxy's request headers).
 */
export async function lotRoute(
  request: NextRequest,
  next: () => NextResponse = () => NextResponse.next(),
  /** The page request's id (decision 0095), sent with the lot's read. */
  requestId?: string,
): Promise<Response> {
  const parts = parseLotPath(request.nextUrl.pathname);
  const pageLoad = request.method === 'GET' || request.method === 'HEAD';
  if (!parts || !pageLoad || request.headers.has('next-router-prefetch')) return next();

  const lot = await fetchLot(parts.lotId, requestId);
  if (!lot) return next();
  const canonical = lotCanonicalPath(lot);
  if (!isCanonicalLotPath(parts, canonical)) {
    const target = request.nextUrl.clone();
    target.pathname = canonical;
    return NextResponse.redirect(target, 301);
  }

  const response = next();
  // What the page shows, for the page cache's invalidations (decision 0103): the lot by its own id (the URL's may
  // be another of its ids) and its event (a pause or a resume). The web server takes the header off the answer.
  if (lot.kind === 'event-lot') {
    const { _id, eventId } = lot.lot._source;
    response.headers.set(PAGE_TAGS_HEADER, [`lot:${_id}`, ...(eventId ? [`event:${eventId}`] : [])].join(' '));
  }
  const viewed = nextLotsViewed(request.cookies.get(LOTS_VIEWED_COOKIE)?.value, parts.lotId);
  response.cookies.set(LOTS_VIEWED_COOKIE, JSON.stringify(viewed), {
    path: '/',
    maxAge: LOTS_VIEWED_MAX_AGE_S,
    sameSite: 'lax',
    httpOnly: true,
    secure: request.nextUrl.protocol === 'https:',
  });
  return response;
}

/** The lot, or null when it is unknown (404), the id is malformed (400) or the API fails (logged). */
async function fetchLot(lotId: string, requestId: string | undefined) {
  const path = `/marketplace/api/lots/${encodeURIComponent(lotId)}`;
  try {
    const response = await fetch(`${apiBaseUrl()}${path}`, {
      cache: 'no-store',
      headers: { accept: 'application/json', ...(requestId ? { [REQUEST_ID_HEADER]: requestId } : {}) },
      signal: AbortSignal.timeout(API_TIMEOUTS.readMs),
    });
    return await readEnvelope(response, lotResponse, `GET ${path}`);
  } catch (error) {
    if (!(error instanceof ApiError && (error.status === 404 || error.status === 400))) {
      console.error(`[lot route] ${path} failed; the page handles the request`, error);
      // Without the lot the page has no tags for the cache: it is not kept (decision 0103).
      if (!(error instanceof ApiError) || degradesPage(error.status)) markDegraded(requestId);
    }
    return null;
  }
}
