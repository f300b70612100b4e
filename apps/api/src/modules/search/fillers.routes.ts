import {
  fillerSectionsQuerystring,
  fillerSectionsResponse,
  lotCardsResponse,
  similarLotsQuerystring,
  successEnvelope,
} from '@lotline/contracts';
import type { Database } from '@lotline/db';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { commonErrors } from '../../lib/openapi';
import type { FeatureOverrides } from '../platform/get-feature-flags';
import { FILLER_LIMIT, listFillerSections, TRENDING_DAYS } from './fillers';
import { listSimilarLots } from './fillers-similar';

const DEFINITIONS =
  'Lots shown are visible to buyers (not hidden, not in a draft or private-sale event; lots with no event allowed). ' +
  '"Open" means status Active, started, not ended and quantity ≥ 1. ' +
  'popular = open lots, most bids first, then ending soonest, then _id. ' +
  `trending = open lots listed in the last ${TRENDING_DAYS} days, most bids first, then ending soonest. ` +
  'sold = the sold-only past view: Sold, Ended or an order status (OrderPending, OrderPaid, OrderCancelled); Unsold is excluded; most recently ended first. ' +
  "catalog = the section's config.catalogProductIds in order, else the newest products of the section's category (and below). ";

export const fillersRoutes: FastifyPluginAsyncZod<{ db: Database; featureOverrides: FeatureOverrides }> = async (
  app,
  { db, featureOverrides },
) => {
  app.get(
    '/marketplace/api/cms/filler-sections',
    {
      schema: {
        tags: ['cms'],
        summary: 'Filler sections of the browse page',
        description:
          `Active cms sections of type popular, sold, trending or catalog, by position; at most ${FILLER_LIMIT} cards each, ` +
          'labels upper-cased; sections with no cards are left out. A section with config.lotIds shows those lots in order ' +
          '(visible ones only). `product-category` (slug; unknown → 400) restricts lots and products to that category and its descendants. ' +
          DEFINITIONS,
        querystring: fillerSectionsQuerystring,
        response: {
          200: successEnvelope(fillerSectionsResponse).describe('Filler sections'),
          ...commonErrors,
        },
      },
    },
    async (request) => ({
      status: 'success' as const,
      data: {
        sections: await listFillerSections(
          db,
          { productCategory: request.query['product-category'] },
          featureOverrides,
        ),
      },
    }),
  );

  app.get(
    '/marketplace/api/search/lots/similar',
    {
      schema: {
        tags: ['search'],
        summary: 'Lots you might also like, by category',
        description:
          'Open lots a buyer can see in the category (slug; unknown → 400) or any category under it, most bids first, then ending soonest. ' +
          DEFINITIONS,
        querystring: similarLotsQuerystring,
        response: {
          200: successEnvelope(lotCardsResponse).describe('Lot cards'),
          ...commonErrors,
        },
      },
    },
    async (request) => ({
      status: 'success' as const,
      data: {
        lots: await listSimilarLots(
          db,
          {
            productCategory: request.query['product-category'],
            limit: request.query.limit,
          },
          featureOverrides,
        ),
      },
    }),
  );
};
