import 'server-only';
import { cookies, headers } from 'next/headers';
import { REQUEST_ID_HEADER } from '../api/request-id';
import { API_TIMEOUTS, apiBaseUrl } from '../env.server';
import { degradesPage, markDegraded } from '../page-cache/degraded.mjs';
import { parseSetCookie } from './set-cookie';

/**
 * Calls the API on behalf of the browser that is making the current request
 * (a page render or a server action): its cookies, Origin, user agent and
 * address go along, so the API's session, same-origin check and rate limits
 * see the person, not the web server. Cookies the API sets are handed on to
 * the browser (only possible from a server action or route handler).
 */

export interface ApiAnswer<T> {
  status: number;
  ok: boolean;
  data?: T;
  error?: { code: string; message: string; field?: string };
  errors: { code: string; message: string; field?: string }[];
}

// x-forwarded-for is the client's address as apps/web/server.mjs settled it (decision 0027), never the client's own;
// x-request-id the one the proxy gave this page request (decision 0095), so the API's log lines share it.
const FORWARDED = ['origin', 'user-agent', 'x-forwarded-for', 'sec-fetch-site', REQUEST_ID_HEADER] as const;

export async function callApi<T>(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  body?: unknown,
  /** More request headers (e.g. a purchase's Idempotency-Key). */
  extraHeaders: Record<string, string> = {},
): Promise<ApiAnswer<T>> {
  const incoming = await headers();
  const jar = await cookies();
  const outgoing = new Headers({ accept: 'application/json' });
  for (const name of FORWARDED) {
    const value = incoming.get(name);
    if (value) outgoing.set(name, value);
  }
  // From the cookie store, not the request header: after a server action has set a new session
  // cookie (sign-in, password change), the page it re-renders must already use it.
  const cookie = jar
    .getAll()
    .filter((c) => c.value !== '')
    .map((c) => `${c.name}=${encodeURIComponent(c.value)}`)
    .join('; ');
  if (cookie) outgoing.set('cookie', cookie);
  if (body !== undefined) outgoing.set('content-type', 'application/json');
  for (const [name, value] of Object.entries(extraHeaders)) outgoing.set(name, value);

  let response: Response;
  try {
    response = await fetch(`${apiBaseUrl()}${path}`, {
      method,
      headers: outgoing,
      body: body === undefined ? null : JSON.stringify(body),
      cache: 'no-store',
      signal: AbortSignal.timeout(API_TIMEOUTS.actionMs),
    });
  } catch (cause) {
    console.error(`[api] ${method} ${path} could not reach the API`, cause);
    markDegraded(incoming.get(REQUEST_ID_HEADER));
    const error = {
      code: 'SERVICE_UNAVAILABLE',
      message: 'Lotline is not reachable right now. Try again in a moment.',
    };
    return { status: 503, ok: false, error, errors: [error] };
  }

  // A page rendered around a failed read is not kept by the page cache (decision 0103).
  if (degradesPage(response.status)) markDegraded(incoming.get(REQUEST_ID_HEADER));
  const setCookies = response.headers.getSetCookie();
  if (setCookies.length > 0 && method !== 'GET') {
    for (const header of setCookies) {
      const cookie = parseSetCookie(header);
      if (cookie) jar.set(cookie.name, cookie.value, cookie.options);
    }
  }

  const json = (await response.json().catch(() => undefined)) as
    | { status?: string; data?: T; errors?: { code: string; message: string; field?: string }[] }
    | undefined;
  if (json?.status === 'success') return { status: response.status, ok: true, data: json.data as T, errors: [] };
  const errors = json?.errors?.length
    ? json.errors
    : [{ code: 'INTERNAL', message: 'Something went wrong on our side. Try again in a moment.' }];
  return { status: response.status, ok: false, error: errors[0], errors };
}
