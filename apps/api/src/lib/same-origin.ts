import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { AppError } from './errors';

/**
 * CSRF defence for every state-changing request (contract §1, decision 0009).
 * Browsers send `Origin` on every POST, PUT, PATCH and DELETE, and
 * `Sec-Fetch-Site` on every request; either one saying "another site" is
 * refused. A request with neither comes from a non-browser client (a server
 * render, curl, an integration), which cannot ride on a visitor's cookies.
 * SameSite=Lax cookies are the second line.
 */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The names one's own machine answers to: on a developer's machine any of them is the site. */
const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/**
 * The origins whose forms are the site's own. Production: exactly PUBLIC_ORIGIN.
 * Elsewhere a loopback PUBLIC_ORIGIN also stands for its other loopback names on the
 * same scheme and port, since `http://localhost:3000` and `http://127.0.0.1:3000` are
 * the same server to the person typing them (decision 0025). A public host is never widened.
 */
export function formOrigins({ publicOrigin, nodeEnv }: Pick<Config, 'publicOrigin' | 'nodeEnv'>): string[] {
  const url = new URL(publicOrigin);
  if (nodeEnv === 'production' || !LOOPBACK_HOSTS.includes(url.hostname)) return [publicOrigin];
  const port = url.port ? `:${url.port}` : '';
  const aliases = LOOPBACK_HOSTS.map((host) => `${url.protocol}//${host}${port}`);
  return [publicOrigin, ...aliases.filter((origin) => origin !== publicOrigin)];
}

export function isSameOriginAllowed(
  method: string,
  headers: Record<string, string | string[] | undefined>,
  allowedOrigins: string | readonly string[],
): boolean {
  if (SAFE_METHODS.has(method.toUpperCase())) return true;
  const origin = headers.origin;
  if (origin !== undefined) {
    return (
      typeof origin === 'string' &&
      (typeof allowedOrigins === 'string' ? [allowedOrigins] : allowedOrigins).includes(origin)
    );
  }
  const site = headers['sec-fetch-site'];
  if (site !== undefined) return site === 'same-origin' || site === 'none';
  return true;
}

/** The 403 message of a request another site made (also the kit's `crossSite: 'refuse'`, lib/http/access.ts). */
export const CROSS_SITE_MESSAGE = 'This request must come from the Lotline site itself.';

/**
 * Paths another server posts to on its own behalf (payment provider webhooks, decision 0044): no cookie
 * rides on them, and each verifies its own signature instead.
 */
export const SAME_ORIGIN_EXEMPT_PREFIXES = ['/payments/webhooks/'] as const;

export function registerSameOriginCheck(app: FastifyInstance, allowedOrigins: string | readonly string[]) {
  app.addHook('onRequest', async (request) => {
    if (SAME_ORIGIN_EXEMPT_PREFIXES.some((prefix) => request.url.startsWith(prefix))) return;
    if (!isSameOriginAllowed(request.method, request.headers, allowedOrigins)) {
      throw new AppError('FORBIDDEN', CROSS_SITE_MESSAGE);
    }
  });
}
