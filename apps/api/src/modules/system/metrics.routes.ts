import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type AppMetrics, renderMetrics } from '../../lib/metrics/metrics';
import { commonErrors, errorResponse } from '../../lib/openapi';
import { assertMetricsReader } from './metrics-access';

export interface MetricsRoutesOptions {
  metrics: AppMetrics;
  /** METRICS_TOKEN; unset: the route answers 404 to everyone. */
  token: string | undefined;
}

/** GET /metrics: the Prometheus text exposition of this process (decision 0095). */
export const metricsRoutes: FastifyPluginAsyncZod<MetricsRoutesOptions> = async (app, { metrics, token }) => {
  app.get(
    '/metrics',
    {
      schema: {
        tags: ['system'],
        summary: 'Metrics in the Prometheus text format (needs METRICS_TOKEN as a Bearer token)',
        description:
          'Request latency per route pattern, bids placed and refused, live streams, job queue lag, the mail ' +
          'outbox, the database pool (PostgreSQL), the resized-photo cache and the Node process. 404 unless the ' +
          'server sets METRICS_TOKEN; then `Authorization: Bearer <token>`.',
        querystring: z.object({}).strict(),
        headers: z.looseObject({ authorization: z.string().max(1024).optional() }),
        produces: ['text/plain'],
        response: {
          200: z.string().describe('text/plain; version=0.0.4'),
          401: errorResponse('No Authorization header with the metrics token', ['UNAUTHENTICATED']),
          404: errorResponse('Metrics are not served here (METRICS_TOKEN unset)', ['NOT_FOUND']),
          ...commonErrors,
        },
      },
    },
    async (request, reply) => {
      assertMetricsReader(token, request.headers.authorization);
      const { contentType, text } = await renderMetrics(metrics);
      return reply.header('cache-control', 'no-store').type(contentType).send(text);
    },
  );
};
