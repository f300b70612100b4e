import type { FastifyReply, FastifyRequest } from 'fastify';
import { type Auth, CLIENT_IP_HEADER } from '../../modules/identity/auth';

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

/** The signed-in user, or null for a visitor. Refreshes the session cookie when the library renews it. */
export async function findSessionUser(
  auth: Auth,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<SessionUser | null> {
  if (!request.headers.cookie) return null;
  const { headers, response } = await auth.api.getSession({ headers: authHeaders(request), returnHeaders: true });
  forwardCookies(headers, reply);
  if (!response) return null;
  const { id, email, name, emailVerified } = response.user;
  return { id, email, name, emailVerified };
}
