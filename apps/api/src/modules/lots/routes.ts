import {
  lotIdParams,
  lotResponse,
  noQuerystring,
  RECENTLY_VIEWED_LIMIT,
  recentlyViewedQuerystring,
  recentlyViewedResponse,
  successEnvelope,
} from '@lotline/contracts';
import type { Database } from '@lotline/db';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { commonErrors, errorResponse } from '../../lib/openapi';
import type { FeatureOverrides } from '../platform/get-feature-flags';
import { getLot } from './get-lot';
import { listRecentlyViewed } from './list-recently-viewed';

export const lotsRoutes: FastifyPluginAsyncZod<{ db: Database; featureOverrides: FeatureOverrides }> = async (
  app,
  { db, featureOverrides },
) => {
  app.get(
    '/marketplace/api/lots/recently-viewed',
    {
      schema: {
        tags: ['lots'],
        summary: 'The recently viewed row',
        description:
          `Only the first ${RECENTLY_VIEWED_LIMIT} ids are used (spec §7), each looked up as mp2Id, else parentId, ` +
          'else _id. Answered in the order given; lots that are hidden, in a draft event or unknown are left out, ' +
          'and a lot named twice appears once. Cards have the `_source` of event-lots.',
        querystring: recentlyViewedQuerystring,
        response: { 200: successEnvelope(recentlyViewedResponse).describe('Up to four lot cards'), ...commonErrors },
      },
    },
    async (request) => ({
      status: 'success' as const,
      data: await listRecentlyViewed(db, request.query.ids, featureOverrides),
    }),
  );

  app.get(
    '/marketplace/api/lots/:lotId',
    {
      schema: {
        tags: ['lots'],
        summary: 'One lot for its detail page',
        description:
          'The id of the lot URL (spec §2): an event lot by mp2Id, else parentId (the first lot of the group), ' +
          'else _id → `kind: event-lot` with the card fields plus description, logistics, event and catalog product. ' +
          'Otherwise a legacy lot by id → `kind: legacy-lot` with the legacy field names. Hidden lots and lots of ' +
          'draft events are 404. Seller-only values (reserve, liquidation and book values) are never included.',
        params: lotIdParams,
        querystring: noQuerystring,
        response: {
          200: successEnvelope(lotResponse).describe('The lot'),
          404: errorResponse('No such visible lot', ['NOT_FOUND']),
          ...commonErrors,
        },
      },
    },
    async (request) => ({ status: 'success' as const, data: await getLot(db, request.params.lotId, featureOverrides) }),
  );
};
