// Plain JavaScript: the web server (apps/web/server.mjs) uses it before Next.js is loaded.

/**
 * How long the web server keeps an idle keep-alive connection open. Node's default is 5 s: a client that sends
 * its next request on a pooled connection just as the server closes it (a browser test's request context after a
 * pause, a balancer's pooled connection) gets ECONNRESET for a request the server never read. So the server waits
 * longer than its clients idle a connection before closing it themselves, and as long as the API does (Fastify's
 * default, 72 s). A balancer in front must close its idle connections to the server sooner than this.
 */
export const KEEP_ALIVE_TIMEOUT_MS = 72_000;

/**
 * Applies the timeouts to the web server. The headers timeout stays above the keep-alive one, as Node advises,
 * so that an idle connection is never cut by it first.
 * @param {import('node:http').Server} server
 */
export function applyServerTimeouts(server) {
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  server.headersTimeout = KEEP_ALIVE_TIMEOUT_MS + 1_000;
}
