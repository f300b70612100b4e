import { eventSearchQuerystring, eventSearchResponse, successEnvelope } from '@lotline/contracts';
import type { Database } from '@lotline/db';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { commonErrors } from '../../lib/openapi';
import { searchEvents } from './search-events';

export const searchEventsRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/marketplace/api/search/events',
    {
      schema: {
        tags: ['search'],
        summary: 'Browse events (browse=events)',
        description:
          'Visible events only (view-only, published, finalized; private sales excluded), ending soonest first, then _id. ' +
          '`status`: active = started, not ended and not finalized; upcoming = not started yet; ' +
          'active-and-upcoming = not ended and not finalized; past = finalized or ended. ' +
          '`sale-format` is all, auction or tender: buy-now is not offered for events and is rejected with 400. ' +
          '`keyword` matches the event name or title (case-insensitive, literal). ' +
          '`lotsCount` counts the lots a buyer can see. Amounts are integer minor units.',
        querystring: eventSearchQuerystring,
        response: { 200: successEnvelope(eventSearchResponse).describe('A page of events'), ...commonErrors },
      },
    },
    async (request) => ({ status: 'success' as const, data: await searchEvents(db, request.query) }),
  );
};
