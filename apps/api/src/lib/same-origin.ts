import type { FastifyInstance } from 'fastify';
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

export function isSameOriginAllowed(
  method: string,
  headers: Record<string, string | string[] | undefined>,
  publicOrigin: string,
): boolean {
  if (SAFE_METHODS.has(method.toUpperCase())) return true;
  const origin = headers.origin;
  if (origin !== undefined) return origin === publicOrigin;
  const site = headers['sec-fetch-site'];
  if (site !== undefined) return site === 'same-origin' || site === 'none';
  return true;
}

export function registerSameOriginCheck(app: FastifyInstance, publicOrigin: string) {
  app.addHook('onRequest', async (request) => {
    if (!isSameOriginAllowed(request.method, request.headers, publicOrigin)) {
      throw new AppError('FORBIDDEN', 'This request must come from the Lotline site itself.');
    }
  });
}
