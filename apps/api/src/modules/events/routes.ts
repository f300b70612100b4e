import {
  EVENT_LOT_QUERY_FIELDS,
  eventDetailResponse,
  eventIdParams,
  eventLocationsQuerystring,
  eventLocationsResponse,
  eventLotsQuerystring,
  eventLotsResponse,
  noQuerystring,
  QUERY_OPS,
  successEnvelope,
} from '@lotline/contracts';
import type { Database } from '@lotline/db';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { commonErrors, errorResponse } from '../../lib/openapi';
import type { FeatureOverrides } from '../platform/get-feature-flags';
import { getEvent } from './get-event';
import { listEventLocations } from './list-event-locations';
import { listEventLots } from './list-event-lots';

const eventNotFound = { 404: errorResponse('No such event, or a draft', ['NOT_FOUND']) };

const querystring = eventLotsQuerystring.extend({
  esQuery: eventLotsQuerystring.shape.esQuery.describe(
    `URL-encoded JSON query object (contract §2). Fields: ${EVENT_LOT_QUERY_FIELDS.join(', ')}. ` +
      `Operators: ${QUERY_OPS.join(', ')}. \`status\` accepts canonical (Active) and index (active, order-pending) forms. ` +
      '`endedAt`/`createdAt` take ISO 8601 dates or date-times with a zone. ' +
      '`productCategory.pathId` X matches lots in category X or any category under it (eq, ne, in, nin, exists). ' +
      '`ne`/`nin` also match lots where the field is absent.',
  ),
});

export const eventsRoutes: FastifyPluginAsyncZod<{ db: Database; featureOverrides: FeatureOverrides }> = async (
  app,
  { db, featureOverrides },
) => {
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
    async (request) => ({ status: 'success' as const, data: await listEventLots(db, request.query, featureOverrides) }),
  );

  app.get(
    '/ars/api/v2/event/events/:eventId/event-locations',
    {
      schema: {
        tags: ['events'],
        summary: "An event's disposition locations",
        description:
          'Ordered by country, region, city. `geoPoint` is [longitude, latitude]. `virtualAttributes` appears only ' +
          'when asked for: `eventLotsCount` counts the publicly listed lots of the event at that location (hidden ' +
          'lots and lots still open but sold out are not counted).',
        params: eventIdParams,
        querystring: eventLocationsQuerystring,
        response: {
          200: successEnvelope(eventLocationsResponse).describe('The locations'),
          ...eventNotFound,
          ...commonErrors,
        },
      },
    },
    async (request) => ({
      status: 'success' as const,
      data: await listEventLocations(db, request.params.eventId, {
        eventLotsCount: request.query.virtualAttributes?.includes('eventLotsCount') ?? false,
      }),
    }),
  );

  app.get(
    '/marketplace/api/event/events/:eventId',
    {
      schema: {
        tags: ['events'],
        summary: 'One event for its page',
        description:
          'The event with its seller, bid deposit, terms (by position), attachments (by position) and locations ' +
          '(always with `virtualAttributes.eventLotsCount`). `lotsCount` counts its publicly listed lots. ' +
          'Draft events answer 404 like unknown ids. Amounts are integer minor units.',
        params: eventIdParams,
        querystring: noQuerystring,
        response: {
          200: successEnvelope(eventDetailResponse).describe('The event'),
          ...eventNotFound,
          ...commonErrors,
        },
      },
    },
    async (request) => ({ status: 'success' as const, data: await getEvent(db, request.params.eventId) }),
  );
};
