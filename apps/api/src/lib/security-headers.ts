import { baseSecurityHeaders } from '@lotline/contracts';
import type { FastifyInstance } from 'fastify';

/**
 * The security headers of every API answer (decision 0029): the ones pages
 * carry too, and a Content-Security-Policy that lets a JSON answer load and
 * run nothing, nor be framed. HTML the API serves brings its own policy, set
 * by its route after this hook (the sandbox card page, files, /docs).
 */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

export function registerSecurityHeaders(app: FastifyInstance, publicOrigin: string) {
  const headers = {
    ...baseSecurityHeaders(new URL(publicOrigin).protocol === 'https:'),
    'content-security-policy': API_CSP,
  };
  app.addHook('onRequest', async (_request, reply) => {
    reply.headers(headers);
  });
}

/**
 * The /docs page's policy: swagger-ui's own (its scripts and styles from itself),
 * never framed, and upgrading requests only when the site is served over TLS.
 */
export function docsCsp(publicOrigin: string) {
  const https = new URL(publicOrigin).protocol === 'https:';
  return (policy: string) => {
    const framed = policy.replace("frame-ancestors 'self'", "frame-ancestors 'none'");
    return https ? framed : framed.replace(/\s*upgrade-insecure-requests;?/, '');
  };
}
