import {
  EVENT_LOT_QUERY_FIELDS,
  eventLotsQuerystring,
  eventLotsResponse,
  QUERY_OPS,
  successEnvelope,
} from '@lotline/contracts';
import type { Database } from '@lotline/db';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { commonErrors } from '../../lib/openapi';
import { listEventLots } from './list-event-lots';

const querystring = eventLotsQuerystring.extend({
  esQuery: eventLotsQuerystring.shape.esQuery.describe(
    `URL-encoded JSON query object (contract §2). Fields: ${EVENT_LOT_QUERY_FIELDS.join(', ')}. ` +
      `Operators: ${QUERY_OPS.join(', ')}. \`status\` accepts canonical (Active) and index (active, order-pending) forms. ` +
      '`endedAt`/`createdAt` take ISO 8601 dates or date-times with a zone. ' +
      '`productCategory.pathId` X matches lots in category X or any category under it (eq, ne, in, nin, exists). ' +
      '`ne`/`nin` also match lots where the field is absent.',
  ),
});

export const eventsRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/marketplace/api/event/event-lots',
    {
      schema: {
        tags: ['events'],
        summary: 'Event lots for cards and lookups by id',
        description:
          'Public lots only (not hidden, not in a draft event). Ordered by endedAt ascending (no end last), then _id. ' +
          'Amounts are integer minor units of `currency`.',
        querystring,
        response: { 200: successEnvelope(eventLotsResponse).describe('A page of event lots'), ...commonErrors },
      },
    },
    async (request) => ({ status: 'success' as const, data: await listEventLots(db, request.query) }),
  );
};
