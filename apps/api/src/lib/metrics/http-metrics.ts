import type { FastifyInstance } from 'fastify';
import { Histogram, type Registry } from 'prom-client';

/** Seconds; from a cached read (~5 ms) to the slowest page's API calls and imports (decision 0095). */
const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** The methods a route can have; anything else Node parses is counted as OTHER. */
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** A request no route matched (404s, probes of random paths): one series, never the URL. */
export const UNMATCHED_ROUTE = '(unmatched)';

/**
 * The latency of every answered request, labelled by the route's pattern (`/lots/:id`, never the
 * URL), method and status class: a bounded number of series whatever the traffic. A stream the
 * handler took over (the live SSE route) never reaches onResponse and is not counted here.
 */
export function registerHttpMetrics(app: FastifyInstance, registry: Registry): void {
  const duration = new Histogram({
    name: 'lotline_http_request_duration_seconds',
    help: 'Time to answer a request, by route pattern, method and status class',
    labelNames: ['route', 'method', 'status_class'],
    buckets: BUCKETS,
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    duration.observe(
      {
        route: request.routeOptions.url ?? UNMATCHED_ROUTE,
        method: METHODS.has(request.method) ? request.method : 'OTHER',
        status_class: `${Math.floor(reply.statusCode / 100)}xx`,
      },
      reply.elapsedTime / 1000,
    );
  });
}
