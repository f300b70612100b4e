import {
  categoryIdParams,
  categoryRedirectResponse,
  noQuerystring,
  slugParams,
  staffCategoryCreateBody,
  staffCategoryMergeBody,
  staffCategoryResponse,
  staffCategoryUpdateBody,
} from '@lotline/contracts';
import type { Database } from '@lotline/db';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../lib/http/access';
import { ok, userWriteErrors } from '../../lib/http/route-schemas';
import { commonErrors, errorResponse } from '../../lib/openapi';
import { findCategoryRedirect } from './category-redirect';
import { createCategory } from './create-category';
import { mergeCategory } from './merge-category';
import { updateCategory } from './update-category';

/**
 * Staff category management (contract §6, decision 0077) and the public read
 * of a former slug's redirect, which the web's category browse route asks.
 */

const TAGS = ['staff'];
const STAFF_ONLY = 'Only Lotline staff can manage categories.';
const writeErrors = {
  ...userWriteErrors,
  403: errorResponse('Not staff, or sent from another origin (CSRF)', ['FORBIDDEN']),
  409: errorResponse('The slug is taken, or the move would put the category under itself or another type', [
    'CONFLICT',
  ]),
};

export const staffCategoriesRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.post(
    '/marketplace-api/staff/categories',
    {
      config: access({ session: 'required', role: 'staff', forbidden: STAFF_ONLY }),
      schema: {
        tags: TAGS,
        summary: 'Staff: create a product category',
        description:
          "Staff only. Under `parentId` (which must exist: 400) or at the top level; a child has its parent's type. " +
          'Without `slug`, one is derived from the name. Audited as `category.create`.',
        querystring: noQuerystring,
        body: staffCategoryCreateBody,
        response: { 201: ok(staffCategoryResponse, 'The new category'), ...writeErrors },
      },
    },
    async (request, reply) => {
      const productCategory = await createCategory(db, request.user.id, request.body);
      return reply.status(201).send({ status: 'success' as const, data: { productCategory } });
    },
  );

  app.patch(
    '/marketplace-api/staff/categories/:categoryId',
    {
      config: access({ session: 'required', role: 'staff', forbidden: STAFF_ONLY }),
      schema: {
        tags: TAGS,
        summary: 'Staff: rename, re-slug, move or (de)activate a category',
        description:
          'Staff only. A changed slug keeps the old one: its browse URL answers a permanent redirect to the new one. ' +
          'A move carries the whole branch; counts follow at once. Moving under itself or a descendant is 409. ' +
          'Audited as `category.update`.',
        params: categoryIdParams,
        querystring: noQuerystring,
        body: staffCategoryUpdateBody,
        response: {
          200: ok(staffCategoryResponse, 'The category after the change'),
          ...writeErrors,
          404: errorResponse('No such category', ['NOT_FOUND']),
        },
      },
    },
    async (request) => {
      const productCategory = await updateCategory(db, request.user.id, request.params.categoryId, request.body);
      return { status: 'success' as const, data: { productCategory } };
    },
  );

  app.post(
    '/marketplace-api/staff/categories/:categoryId/merge',
    {
      config: access({ session: 'required', role: 'staff', forbidden: STAFF_ONLY }),
      schema: {
        tags: TAGS,
        summary: 'Staff: merge a category into another',
        description:
          "Staff only. The category's lots and catalog products move to `intoId`, its children move under it, its " +
          "slug (and former slugs) redirect permanently to the target's browse URL, and the category is deleted; " +
          'counts follow at once. Into itself or a category under it, or of another type, is 409; an unknown ' +
          '`intoId` is 400. Audited as `category.merge`. Answers the target category.',
        params: categoryIdParams,
        querystring: noQuerystring,
        body: staffCategoryMergeBody,
        response: {
          200: ok(staffCategoryResponse, 'The target category after the merge'),
          ...writeErrors,
          404: errorResponse('No such category', ['NOT_FOUND']),
        },
      },
    },
    async (request) => {
      const { categoryId } = request.params;
      const productCategory = await mergeCategory(db, request.user.id, categoryId, request.body.intoId);
      return { status: 'success' as const, data: { productCategory } };
    },
  );

  app.get(
    '/marketplace/api/category/product-categories/redirects/:slug',
    {
      schema: {
        tags: ['catalog'],
        summary: "A former category slug's current slug",
        description:
          'For the category browse route: a slug a regular category had before a rename answers its current slug; ' +
          'any other slug is 404.',
        params: slugParams,
        querystring: noQuerystring,
        response: {
          200: ok(categoryRedirectResponse, 'The current slug'),
          404: errorResponse('No category had this slug', ['NOT_FOUND']),
          ...commonErrors,
        },
      },
    },
    async (request) => ({ status: 'success' as const, data: await findCategoryRedirect(db, request.params.slug) }),
  );
};
