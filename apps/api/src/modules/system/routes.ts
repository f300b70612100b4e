import { successEnvelope } from '@lotline/contracts';
import type { Database } from '@lotline/db';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { commonErrors, errorResponse } from '../../lib/openapi';
import { checkHealth } from './check-health';
import type { Readiness } from './readiness';

export const systemRoutes: FastifyPluginAsyncZod<{ db: Database; readiness: Readiness }> = async (
  app,
  { db, readiness },
) => {
  app.get(
    '/healthz',
    {
      schema: {
        tags: ['system'],
        summary: 'Liveness and database check',
        querystring: z.object({}).strict(),
        response: {
          200: successEnvelope(z.object({ ok: z.literal(true), db: z.literal('up') })).describe(
            'The API is up and its database answers',
          ),
          500: commonErrors[500],
          503: errorResponse('The database is not answering', ['SERVICE_UNAVAILABLE']),
        },
      },
    },
    async () => ({ status: 'success' as const, data: await checkHealth(db) }),
  );

  app.get(
    '/readyz',
    {
      schema: {
        tags: ['system'],
        summary: 'Readiness: whether this process should get traffic',
        description:
          '200 when the database answers, has every migration and the job runner has started; 503 with ' +
          '`Retry-After` otherwise, and from SIGTERM on while the process drains (a balancer stops routing here).',
        querystring: z.object({}).strict(),
        response: {
          200: successEnvelope(z.object({ ready: z.literal(true) })).describe('Ready for traffic'),
          500: commonErrors[500],
          503: errorResponse('Not ready: database, migrations, job runner, or shutting down', ['SERVICE_UNAVAILABLE']),
        },
      },
    },
    async () => ({ status: 'success' as const, data: await readiness.check(db) }),
  );

  // The raw document (not an envelope): OpenAPI tooling expects it at the top level.
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
};
