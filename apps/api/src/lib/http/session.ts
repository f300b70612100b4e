import type { FastifyReply, FastifyRequest } from 'fastify';
import { type Auth, CLIENT_IP_HEADER, SESSION_TIMES_S } from '../../modules/identity/auth';
import { type SessionCache, sessionCacheKey } from './session-cache';

/**
 * What the auth library sees of a request: the cookie, the user agent and the
 * client IP as Fastify resolved it (TRUST_PROXY). Built here rather than
 * passed through, so a client cannot set the IP header itself.
 */
export function authHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  if (request.headers.cookie) headers.set('cookie', request.headers.cookie);
  const agent = request.headers['user-agent'];
  if (agent) headers.set('user-agent', agent);
  headers.set(CLIENT_IP_HEADER, request.ip);
  return headers;
}

/** Copies the library's Set-Cookie headers (session set, refreshed or cleared) onto our reply. */
export function forwardCookies(from: Headers, reply: FastifyReply): void {
  for (const cookie of from.getSetCookie()) reply.header('set-cookie', cookie);
}

export interface SessionUser {
  id: string;
  email: string;
  name: string;
  emailVerified: boolean;
}

/**
 * When the library would renew a session (`updateAge` after its last renewal,
 * sending a new cookie), in epoch ms: a cached entry ends before it, so the
 * renewal still happens on the lookup after. Never later than the session's end.
 */
function renewalAt(expiresAt: Date): number {
  return expiresAt.getTime() - (SESSION_TIMES_S.expiresIn - SESSION_TIMES_S.updateAge) * 1000;
}

/**
 * The signed-in user, or null for a visitor. Refreshes the session cookie when
 * the library renews it. With a cache (decision 0100), a user resolved in the
 * last seconds from the same cookies is answered without the library; only an
 * answer that set no cookie is cached, so a hit answers exactly as a lookup would.
 */
export async function findSessionUser(
  auth: Auth,
  request: FastifyRequest,
  reply: FastifyReply,
  cache?: SessionCache,
): Promise<SessionUser | null> {
  const cookie = request.headers.cookie;
  if (!cookie) return null;
  const key = cache ? sessionCacheKey(cookie) : '';
  const cached = cache?.get(key);
  if (cached) return cached;
  const generation = cache?.generation ?? 0;
  const { headers, response } = await auth.api.getSession({ headers: authHeaders(request), returnHeaders: true });
  forwardCookies(headers, reply);
  if (!response) return null;
  const { id, email, name, emailVerified } = response.user;
  const user = { id, email, name, emailVerified };
  if (cache && headers.getSetCookie().length === 0) {
    cache.set(key, user, renewalAt(new Date(response.session.expiresAt)), generation);
  }
  return user;
}
