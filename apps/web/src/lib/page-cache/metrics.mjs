// The web server's `GET /metrics` (decision 0103; the API's are decision 0095's): the page cache's answers by
// result (its hit ratio is hit / (hit + stale + miss)), its size and whether it follows the API's changes, in the
// Prometheus text format, to a caller with `Authorization: Bearer $METRICS_TOKEN`. Without the token set the path
// is left to Next (its 404 page); the balancer's public frontend refuses /metrics anyway.

import { timingSafeEqual } from 'node:crypto';
import client from 'prom-client';

const TOKEN_FORMAT = /^[A-Za-z0-9._~+/=-]{32,256}$/;

/**
 * The token from the environment, or null (unset); a malformed one is an error at start, as the API's.
 * @param {string | undefined} value
 */
export function metricsToken(value) {
  if (value === undefined || value === '') return null;
  if (!TOKEN_FORMAT.test(value))
    throw new Error('METRICS_TOKEN must be 32 to 256 characters (e.g. `openssl rand -hex 32`)');
  return value;
}

/**
 * The cache's metrics, read from it at each scrape.
 * @param {{ counts: Record<'hit' | 'stale' | 'miss' | 'bypass', number>, bytes: number, entries: Map<unknown, unknown>, live: boolean }} cache
 */
export function pageCacheRegistry(cache) {
  const registry = new client.Registry();
  /** @type {Record<string, number>} */
  const seen = { hit: 0, stale: 0, miss: 0, bypass: 0 };
  new client.Counter({
    name: 'lotline_page_cache_requests_total',
    help: 'Page requests by how they were answered: hit, stale (kept, its new version rendering), miss (rendered and kept if it may be), bypass (not a cached page, or a visitor with a session)',
    labelNames: ['result'],
    registers: [registry],
    collect() {
      for (const result of Object.keys(seen)) {
        const now = cache.counts[/** @type {'hit'} */ (result)] ?? 0;
        this.inc({ result }, now - (seen[result] ?? 0));
        seen[result] = now;
      }
    },
  });
  new client.Gauge({
    name: 'lotline_page_cache_bytes',
    help: 'Bytes of the pages kept',
    registers: [registry],
    collect() {
      this.set(cache.bytes);
    },
  });
  new client.Gauge({
    name: 'lotline_page_cache_entries',
    help: 'Pages kept',
    registers: [registry],
    collect() {
      this.set(cache.entries.size);
    },
  });
  new client.Gauge({
    name: 'lotline_page_cache_following',
    help: '1 while the page-change stream from the API is open (the cache serves only then)',
    registers: [registry],
    collect() {
      this.set(cache.live ? 1 : 0);
    },
  });
  return registry;
}

/**
 * Answers `GET /metrics` when a token is set; false for every other request (and for /metrics without a token).
 * @param {import('node:http').IncomingMessage} request
 * @param {import('node:http').ServerResponse} response
 * @param {{ registry: import('prom-client').Registry, token: string | null }} options
 */
export function serveMetrics(request, response, { registry, token }) {
  const path = (request.url ?? '').split('?')[0];
  if (path !== '/metrics' || !token) return false;
  const given = Buffer.from(String(request.headers.authorization ?? ''));
  const wanted = Buffer.from(`Bearer ${token}`);
  if (given.length !== wanted.length || !timingSafeEqual(given, wanted)) {
    response.writeHead(401, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
    response.end('The metrics token is missing or wrong.\n');
    return true;
  }
  registry.metrics().then(
    (text) => {
      response.writeHead(200, { 'content-type': registry.contentType, 'cache-control': 'no-store' });
      response.end(text);
    },
    () => {
      response.writeHead(500).end();
    },
  );
  return true;
}
