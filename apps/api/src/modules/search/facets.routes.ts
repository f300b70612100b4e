import { lotFacetsResponse, lotFallbackResponse, lotSearchQuerystring, successEnvelope } from '@lotline/contracts';
import type { Database } from '@lotline/db';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { commonErrors } from '../../lib/openapi';
import type { FeatureOverrides } from '../platform/get-feature-flags';
import { getLotFacets } from './facets';
import { findLotFallback } from './fallback';

/** Facet counts and the empty-search fallback: both take the lot search's parameters. */
export const facetsRoutes: FastifyPluginAsyncZod<{ db: Database; featureOverrides: FeatureOverrides }> = async (
  app,
  { db, featureOverrides },
) => {
  app.get(
    '/marketplace/api/search/lot-facets',
    {
      schema: {
        tags: ['search'],
        summary: 'Facet counts of the lot search',
        description:
          'Takes the parameters of GET /marketplace/api/search/lots (paging and sort are accepted and ignored). ' +
          'Each facet counts the visible lots matching every active filter except its own: productCategory ' +
          '(a tree; a node counts its own and its descendants’ lots; only categories with lots; siblings by count desc, then name), ' +
          'manufacturer (by count desc, then name), saleFormat (auction, buy-now, tender) and status (active, upcoming, past; ' +
          'each counted as if that status were chosen). An unknown `product-category` is a 400; the keyword is typo-corrected ' +
          'as in the lot search, so the counts match its results.',
        querystring: lotSearchQuerystring,
        response: {
          200: successEnvelope(lotFacetsResponse).describe('Facet counts'),
          ...commonErrors,
        },
      },
    },
    async (request) => ({ status: 'success' as const, data: { facets: await getLotFacets(db, request.query) } }),
  );

  app.get(
    '/marketplace/api/search/lots/fallback',
    {
      schema: {
        tags: ['search'],
        summary: 'What to show when a lot search is empty',
        description:
          'Takes the parameters of GET /marketplace/api/search/lots (unknown `product-category` → 400; keyword typo-corrected as there); ' +
          'call it after an empty result (it does not re-run the search). ' +
          'At most 12 lot cards, first that applies: `past` = lots of the same search as if status were past, sold-only view ' +
          '(Sold, Ended or an order status; Unsold excluded), most recently ended first ("Fallback to past assets"); ' +
          '`popular` = open lots a buyer can see (status Active, started, not ended, quantity ≥ 1, not hidden, not in a draft ' +
          'or private-sale event), whatever the search, most bids first, then ending soonest; `none` = nothing, lots empty.',
        querystring: lotSearchQuerystring,
        response: {
          200: successEnvelope(lotFallbackResponse).describe('The fallback row'),
          ...commonErrors,
        },
      },
    },
    async (request) => ({
      status: 'success' as const,
      data: await findLotFallback(db, request.query, featureOverrides),
    }),
  );
};
