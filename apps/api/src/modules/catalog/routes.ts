import {
  BRAND_QUERY_FIELDS,
  brandsQuerystring,
  brandsResponse,
  catalogProductResponse,
  catalogProductsQuerystring,
  catalogProductsResponse,
  eventLotsQuerystring,
  eventLotsResponse,
  noQuerystring,
  PRODUCT_CATEGORY_QUERY_FIELDS,
  productCategoriesQuerystring,
  productCategoriesResponse,
  productCategoryBySlugResponse,
  productCategoryTreeResponse,
  slugParams,
  successEnvelope,
  uniqueNameParams,
} from '@lotline/contracts';
import type { Database } from '@lotline/db';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { commonErrors, errorResponse } from '../../lib/openapi';
import type { FeatureOverrides } from '../platform/get-feature-flags';
import { getCatalogProduct } from './get-catalog-product';
import { getCategoryBySlug } from './get-category-by-slug';
import { getCategoryTree } from './get-category-tree';
import { listBrands } from './list-brands';
import { listCatalogProductLots } from './list-catalog-product-lots';
import { listCatalogProducts } from './list-catalog-products';
import { listProductCategories } from './list-product-categories';

const notFound = (what: string) => ({ 404: errorResponse(`No such ${what}`, ['NOT_FOUND']) });
const ok = <T>(data: T) => ({ status: 'success' as const, data });

const querystring = productCategoriesQuerystring.extend({
  query: productCategoriesQuerystring.shape.query.describe(
    `URL-encoded JSON query object (contract §2). Fields: ${PRODUCT_CATEGORY_QUERY_FIELDS.join(', ')}; ` +
      '`status` is active or inactive.',
  ),
});

export const catalogRoutes: FastifyPluginAsyncZod<{ db: Database; featureOverrides: FeatureOverrides }> = async (
  app,
  { db, featureOverrides },
) => {
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

  app.get(
    '/marketplace/api/category/product-categories/tree',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Active regular categories as a tree',
        description:
          'Each node is `{node, additionalData:{totalDocCount}, children}`; siblings by position then name. An ' +
          'inactive category hides its branch. `totalDocCount` counts publicly listed lots in the category and every ' +
          'category under it. Not cached: a change is visible on the next request.',
        querystring: noQuerystring,
        response: { 200: successEnvelope(productCategoryTreeResponse).describe('The tree'), ...commonErrors },
      },
    },
    async () => ok(await getCategoryTree(db)),
  );

  app.get(
    '/marketplace/api/category/product-categories/by-slug/:slug',
    {
      schema: {
        tags: ['catalog'],
        summary: 'One regular category by slug',
        description:
          'Same fields and count as the regular list, plus `ancestors` from the root down. Inactive categories are ' +
          'returned with `status: inactive`; an unknown slug is 404.',
        params: slugParams,
        querystring: noQuerystring,
        response: {
          200: successEnvelope(productCategoryBySlugResponse).describe('The category'),
          ...notFound('category'),
          ...commonErrors,
        },
      },
    },
    async (request) => ok(await getCategoryBySlug(db, request.params.slug)),
  );

  app.get(
    '/marketplace/api/brands',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Brands',
        description: `Ordered by name then _id. Query object fields: ${BRAND_QUERY_FIELDS.join(', ')}.`,
        querystring: brandsQuerystring,
        response: { 200: successEnvelope(brandsResponse).describe('A page of brands'), ...commonErrors },
      },
    },
    async (request) => ok(await listBrands(db, request.query)),
  );

  app.get(
    '/marketplace/api/catalog/products',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Catalog products',
        description:
          'Ordered by name then uniqueName. `product-category` (slug or id) keeps products of that category and ' +
          'every category under it; an unknown category gives an empty page.',
        querystring: catalogProductsQuerystring,
        response: { 200: successEnvelope(catalogProductsResponse).describe('A page of products'), ...commonErrors },
      },
    },
    async (request) => {
      const { 'product-category': productCategory, pageNumber, pageSize } = request.query;
      return ok(await listCatalogProducts(db, { productCategory, pageNumber, pageSize }));
    },
  );

  app.get(
    '/marketplace/api/catalog/products/:uniqueName',
    {
      schema: {
        tags: ['catalog'],
        summary: 'One catalog product',
        params: uniqueNameParams,
        querystring: noQuerystring,
        response: {
          200: successEnvelope(catalogProductResponse).describe('The product'),
          ...notFound('catalog product'),
          ...commonErrors,
        },
      },
    },
    async (request) => ok(await getCatalogProduct(db, request.params.uniqueName)),
  );

  app.get(
    '/marketplace/api/catalog/products/:uniqueName/lots',
    {
      schema: {
        tags: ['catalog'],
        summary: "One catalog product's lots",
        description:
          'The public event lots of the product (catalog product page), with the paging, query object, order and ' +
          'card fields of GET /marketplace/api/event/event-lots. An unknown product is 404.',
        params: uniqueNameParams,
        querystring: eventLotsQuerystring,
        response: {
          200: successEnvelope(eventLotsResponse).describe("A page of the product's lots"),
          ...notFound('catalog product'),
          ...commonErrors,
        },
      },
    },
    async (request) => ok(await listCatalogProductLots(db, request.params.uniqueName, request.query, featureOverrides)),
  );
};
