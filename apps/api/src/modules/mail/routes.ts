import { outboxResponse, successEnvelope } from '@lotline/contracts';
import type { Database } from '@lotline/db';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors';
import { commonErrors, errorResponse } from '../../lib/openapi';
import { listOutbox, outboxAttachment } from './list-outbox';

/**
 * The local mail page's data. Registered only when mail goes to the outbox and
 * NODE_ENV is development (app.ts decides, decision 0070), so no deployment,
 * staging or test included, exposes other people's activation and reset links.
 */
export const outboxRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/marketplace-api/dev/outbox',
    {
      schema: {
        tags: ['identity'],
        summary: 'Local mail outbox (development only)',
        description:
          'The newest 50 messages the API would have sent. Exists only without SMTP_URL and with NODE_ENV=development.',
        querystring: z.object({}).strict(),
        response: { 200: successEnvelope(outboxResponse).describe('Stored messages, newest first'), ...commonErrors },
      },
    },
    async () => ({ status: 'success' as const, data: { messages: await listOutbox(db) } }),
  );

  app.get(
    '/marketplace-api/dev/outbox/:id/attachments/:index',
    {
      schema: {
        tags: ['identity'],
        summary: "A stored message's attachment (development only)",
        description: 'The file as it will be attached (e.g. an invoice PDF). Exists only where the outbox list does.',
        params: z.object({ id: z.string().min(1).max(200), index: z.coerce.number().int().min(0).max(20) }),
        querystring: z.object({}).strict(),
        response: {
          200: z.any().describe('The file bytes, with its Content-Type'),
          404: errorResponse('No such message or attachment', ['NOT_FOUND']),
          ...commonErrors,
        },
      },
    },
    async (request, reply) => {
      const file = await outboxAttachment(db, request.params.id, request.params.index);
      if (!file) throw AppError.notFound('No such attachment.');
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', `attachment; filename="${file.filename.replace(/[^\w.-]/g, '_')}"`)
        .send(Buffer.from(file.contentBase64, 'base64'));
    },
  );
};
