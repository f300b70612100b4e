import { outboxResponse, successEnvelope } from '@lotline/contracts';
import type { Database } from '@lotline/db';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { commonErrors } from '../../lib/openapi';
import { listOutbox } from './list-outbox';

/**
 * The local mail page's data. Registered only when mail goes to the outbox and
 * NODE_ENV is not production (app.ts decides), so a deployment never exposes
 * other people's activation and reset links.
 */
export const outboxRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/marketplace-api/dev/outbox',
    {
      schema: {
        tags: ['identity'],
        summary: 'Local mail outbox (development only)',
        description:
          'The newest 50 messages the API would have sent. Exists only without SMTP_URL and outside production.',
        querystring: z.object({}).strict(),
        response: { 200: successEnvelope(outboxResponse).describe('Stored messages, newest first'), ...commonErrors },
      },
    },
    async () => ({ status: 'success' as const, data: { messages: await listOutbox(db) } }),
  );
};
