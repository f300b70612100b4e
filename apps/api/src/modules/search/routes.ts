import { lotSearchRequestQuerystring, lotSearchResponse, successEnvelope } from '@lotline/contracts';
import type { Database } from '@lotline/db';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { commonErrors } from '../../lib/openapi';
import type { FeatureOverrides } from '../platform/get-feature-flags';
import { searchLots } from './search-lots';

export const searchRoutes: FastifyPluginAsyncZod<{ db: Database; featureOverrides: FeatureOverrides }> = async (
  app,
  { db, featureOverrides },
) => {
  app.get(
    '/marketplace/api/search/lots',
    {
      schema: {
        tags: ['search'],
        summary: 'Browse lots (browse=assets) with the parameters of the browse page URL',
        description:
          'Visible lots only (spec §5: not hidden; quantity ≥ 1 unless over; in a view-only, published or finalized ' +
          'event, or a buy-now item that is not Pending, or in no event; no private sales). ' +
          '`status` defaults to active-and-upcoming; `sort` defaults to ending-soon (endedAt ascending, none last; with a ' +
          'keyword and no explicit sort, relevance breaks ties); every sort ends with _id so pages never overlap. ' +
          "`keyword`: 'ID:<number>' (any case) matches the lot number exactly, case-insensitively; otherwise every word " +
          'must match the name, number, brand or category (the last word as a prefix), and unknown words are replaced ' +
          'by the most similar known word, reported as `correctedKeyword`. `product-category` is a slug and includes ' +
          'its descendants (unknown slug: 400). `manufacturer` is a brand uniqueName or a comma-separated list. ' +
          'The geo filter applies only when geo-distance, geo-lat and geo-lon are all given; `sort=near-me` needs ' +
          'geo-lat and geo-lon (400 otherwise). `ending-date` is ignored for status=past and sale-format=buy-now. ' +
          '`facets=true` adds the facet counts of GET /marketplace/api/search/lot-facets to the same response.',
        querystring: lotSearchRequestQuerystring,
        response: { 200: successEnvelope(lotSearchResponse).describe('A page of lots'), ...commonErrors },
      },
    },
    async (request) => ({
      status: 'success' as const,
      data: await searchLots(db, request.query, featureOverrides, { facets: request.query.facets }),
    }),
  );
};
