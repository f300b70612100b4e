import { baseSecurityHeaders } from '@lotline/contracts';
import { type NextRequest, NextResponse } from 'next/server';
import { pageRequestId, REQUEST_ID_HEADER } from '../api/request-id';
import { readServerEnv } from '../env.server';
import { newNonce, pageContentSecurityPolicy } from './headers';

/**
 * A page request's security (decision 0029). Next reads the nonce for its own
 * scripts from the request's Content-Security-Policy header, so the proxy
 * passes the policy on to the render (`next()`) and sets it, with the other
 * headers, on the answer (`secure()`).
 */
export function pageSecurity(request: NextRequest) {
  const { PUBLIC_ORIGIN, MAP_TILE_URL } = readServerEnv();
  const https = new URL(PUBLIC_ORIGIN).protocol === 'https:';
  const csp = pageContentSecurityPolicy({
    nonce: newNonce(),
    dev: process.env.NODE_ENV === 'development',
    mapTileUrl: MAP_TILE_URL,
    stripe: Boolean(process.env.STRIPE_PUBLISHABLE_KEY),
    https,
  });
  // One id per page request, for every API call its render makes and on the answer (decision 0095).
  const requestId = pageRequestId(request.headers);
  const headers = {
    ...baseSecurityHeaders(https),
    'content-security-policy': csp,
    [REQUEST_ID_HEADER]: requestId,
  };
  return {
    requestId,
    /** Lets the request through to the page, with the policy (and its nonce) and the request id for the render. */
    next: () => {
      const forwarded = new Headers(request.headers);
      forwarded.set('content-security-policy', csp);
      forwarded.set(REQUEST_ID_HEADER, requestId);
      return NextResponse.next({ request: { headers: forwarded } });
    },
    /** Puts the headers on the answer, whatever produced it (the page, a redirect). */
    secure: <T extends Response>(response: T): T => {
      for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
      return response;
    },
  };
}
