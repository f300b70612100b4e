import {
  brandIdParams,
  catalogProductIdParams,
  catalogRedirectResponse,
  noQuerystring,
  staffBrandCreateBody,
  staffBrandResponse,
  staffBrandsResponse,
  staffBrandUpdateBody,
  staffCatalogListQuerystring,
  staffCatalogMergeBody,
  staffCatalogProductCreateBody,
  staffCatalogProductResponse,
  staffCatalogProductsResponse,
  staffCatalogProductUpdateBody,
  uniqueNameParams,
} from '@lotline/contracts';
import type { Database } from '@lotline/db';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../lib/http/access';
import { ok, userReadErrors, userWriteErrors } from '../../lib/http/route-schemas';
import { commonErrors, errorResponse } from '../../lib/openapi';
import { createBrand } from './create-brand';
import { createCatalogProduct } from './create-catalog-product';
import { findCatalogRedirect } from './find-catalog-redirect';
import { listStaffBrands, listStaffCatalogProducts } from './list-staff-catalog';
import { mergeBrand } from './merge-brand';
import { mergeCatalogProduct } from './merge-catalog-product';
import { updateBrand } from './update-brand';
import { updateCatalogProduct } from './update-catalog-product';

/**
 * Staff administration of brands and catalog products (decision 0083), and
 * the public reads of a former uniqueName's redirect.
 */

const TAGS = ['staff'];
const STAFF_ONLY = 'Only Lotline staff can manage brands and catalog products.';
const staff = access({ session: 'required', role: 'staff', forbidden: STAFF_ONLY });
const readErrors = {
  ...userReadErrors,
  403: errorResponse('Not staff', ['FORBIDDEN']),
};
const writeErrors = {
  ...userWriteErrors,
  403: errorResponse('Not staff, or sent from another origin (CSRF)', ['FORBIDDEN']),
  409: errorResponse('The uniqueName is taken, or the merge is into itself', ['CONFLICT']),
};
const notFound = (what: string) => ({ 404: errorResponse(`No such ${what}`, ['NOT_FOUND']) });

export const staffCatalogRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const BRANDS = '/marketplace-api/staff/brands';
  const PRODUCTS = '/marketplace-api/staff/catalog-products';

  app.get(
    BRANDS,
    {
      config: staff,
      schema: {
        tags: TAGS,
        summary: 'Staff: brands with their lot counts',
        querystring: staffCatalogListQuerystring,
        response: { 200: ok(staffBrandsResponse, 'Brands by name'), ...readErrors },
      },
    },
    async (request) => ({ status: 'success' as const, data: { brands: await listStaffBrands(db, request.query.q) } }),
  );

  app.post(
    BRANDS,
    {
      config: staff,
      schema: {
        tags: TAGS,
        summary: 'Staff: create a brand',
        description: 'Without `uniqueName`, one is derived from the name. Audited as `brand.create`.',
        querystring: noQuerystring,
        body: staffBrandCreateBody,
        response: { 201: ok(staffBrandResponse, 'The new brand'), ...writeErrors },
      },
    },
    async (request, reply) => {
      const brand = await createBrand(db, request.user.id, request.body);
      return reply.status(201).send({ status: 'success' as const, data: { brand } });
    },
  );

  app.patch(
    `${BRANDS}/:brandId`,
    {
      config: staff,
      schema: {
        tags: TAGS,
        summary: 'Staff: rename or re-key a brand',
        description:
          "A changed `uniqueName` keeps the old one as a redirect to the new one; the lots' search rows and facets " +
          'follow at once. Audited as `brand.update`.',
        params: brandIdParams,
        querystring: noQuerystring,
        body: staffBrandUpdateBody,
        response: { 200: ok(staffBrandResponse, 'The brand'), ...writeErrors, ...notFound('brand') },
      },
    },
    async (request) => ({
      status: 'success' as const,
      data: { brand: await updateBrand(db, request.user.id, request.params.brandId, request.body) },
    }),
  );

  app.post(
    `${BRANDS}/:brandId/merge`,
    {
      config: staff,
      schema: {
        tags: TAGS,
        summary: 'Staff: merge a duplicate brand into another',
        description:
          "The brand's lots and catalog products take `intoId`, its uniqueName redirects to the survivor's, and it is " +
          'deleted; the brand facet follows at once. Into itself: 409; an unknown `intoId`: 400. Audited as ' +
          '`brand.merge`. Answers the survivor.',
        params: brandIdParams,
        querystring: noQuerystring,
        body: staffCatalogMergeBody,
        response: { 200: ok(staffBrandResponse, 'The survivor'), ...writeErrors, ...notFound('brand') },
      },
    },
    async (request) => ({
      status: 'success' as const,
      data: { brand: await mergeBrand(db, request.user.id, request.params.brandId, request.body.intoId) },
    }),
  );

  app.get(
    PRODUCTS,
    {
      config: staff,
      schema: {
        tags: TAGS,
        summary: 'Staff: catalog products with their lot counts',
        querystring: staffCatalogListQuerystring,
        response: { 200: ok(staffCatalogProductsResponse, 'Catalog products by name'), ...readErrors },
      },
    },
    async (request) => ({
      status: 'success' as const,
      data: { catalogProducts: await listStaffCatalogProducts(db, request.query.q) },
    }),
  );

  app.post(
    PRODUCTS,
    {
      config: staff,
      schema: {
        tags: TAGS,
        summary: 'Staff: create a catalog product',
        description:
          'The brand and category must exist (400). Without `uniqueName`, one is derived from the name. Audited as ' +
          '`catalogProduct.create`.',
        querystring: noQuerystring,
        body: staffCatalogProductCreateBody,
        response: { 201: ok(staffCatalogProductResponse, 'The new catalog product'), ...writeErrors },
      },
    },
    async (request, reply) => {
      const catalogProduct = await createCatalogProduct(db, request.user.id, request.body);
      return reply.status(201).send({ status: 'success' as const, data: { catalogProduct } });
    },
  );

  app.patch(
    `${PRODUCTS}/:catalogProductId`,
    {
      config: staff,
      schema: {
        tags: TAGS,
        summary: 'Staff: edit a catalog product',
        description:
          'Name, uniqueName (the old product page then redirects), brand, category, model number, years. Audited as ' +
          '`catalogProduct.update`.',
        params: catalogProductIdParams,
        querystring: noQuerystring,
        body: staffCatalogProductUpdateBody,
        response: {
          200: ok(staffCatalogProductResponse, 'The catalog product'),
          ...writeErrors,
          ...notFound('catalog product'),
        },
      },
    },
    async (request) => ({
      status: 'success' as const,
      data: {
        catalogProduct: await updateCatalogProduct(db, request.user.id, request.params.catalogProductId, request.body),
      },
    }),
  );

  app.post(
    `${PRODUCTS}/:catalogProductId/merge`,
    {
      config: staff,
      schema: {
        tags: TAGS,
        summary: 'Staff: merge a duplicate catalog product into another',
        description:
          "The product's lots link to `intoId`, its product page redirects to the survivor's, and it is deleted. " +
          'Into itself: 409; an unknown `intoId`: 400. Audited as `catalogProduct.merge`. Answers the survivor.',
        params: catalogProductIdParams,
        querystring: noQuerystring,
        body: staffCatalogMergeBody,
        response: {
          200: ok(staffCatalogProductResponse, 'The survivor'),
          ...writeErrors,
          ...notFound('catalog product'),
        },
      },
    },
    async (request) => {
      const { catalogProductId } = request.params;
      const catalogProduct = await mergeCatalogProduct(db, request.user.id, catalogProductId, request.body.intoId);
      return { status: 'success' as const, data: { catalogProduct } };
    },
  );

  for (const [kind, path, what] of [
    ['catalog_product', '/marketplace/api/catalog/product-redirects/:uniqueName', 'catalog product'],
    ['brand', '/marketplace/api/catalog/brand-redirects/:uniqueName', 'brand'],
  ] as const) {
    app.get(
      path,
      {
        schema: {
          tags: ['catalog'],
          summary: `A former ${what} uniqueName's current one`,
          description: `A uniqueName a ${what} had before a rename or a merge answers the current one; any other is 404.`,
          params: uniqueNameParams,
          querystring: noQuerystring,
          response: {
            200: ok(catalogRedirectResponse, 'The current uniqueName'),
            404: errorResponse(`No ${what} had this uniqueName`, ['NOT_FOUND']),
            ...commonErrors,
          },
        },
      },
      async (request) => ({
        status: 'success' as const,
        data: await findCatalogRedirect(db, kind, request.params.uniqueName),
      }),
    );
  }
};
