import { successEnvelope } from '@lotline/contracts';
import type { Database } from '@lotline/db';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { commonErrors, errorResponse } from '../../lib/openapi';
import { checkHealth } from './check-health';

export const systemRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
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

  // The raw document (not an envelope): OpenAPI tooling expects it at the top level.
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
};
