import {
  PRODUCT_CATEGORY_QUERY_FIELDS,
  productCategoriesQuerystring,
  productCategoriesResponse,
  successEnvelope,
} from '@lotline/contracts';
import type { Database } from '@lotline/db';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { commonErrors } from '../../lib/openapi';
import { listProductCategories } from './list-product-categories';

const querystring = productCategoriesQuerystring.extend({
  query: productCategoriesQuerystring.shape.query.describe(
    `URL-encoded JSON query object (contract §2). Fields: ${PRODUCT_CATEGORY_QUERY_FIELDS.join(', ')}; ` +
      '`status` is active or inactive.',
  ),
});

export const catalogRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/marketplace/api/category/product-categories/regular',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Regular product categories',
        description:
          'Only categories of type regular, ordered by name then _id. `totalDocCount` counts the publicly listed lots ' +
          'in the category and all categories under it.',
        querystring,
        response: {
          200: successEnvelope(productCategoriesResponse).describe('A page of product categories'),
          ...commonErrors,
        },
      },
    },
    async (request) => ({ status: 'success' as const, data: await listProductCategories(db, request.query) }),
  );
};
