import {
  companiesResponse,
  companyIdParams,
  companyResponse,
  noQuerystring,
  slugParams,
  successEnvelope,
} from '@lotline/contracts';
import type { Database } from '@lotline/db';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { commonErrors, errorResponse } from '../../lib/openapi';
import { getCompany } from './get-company';
import { listFeaturedCompanies } from './list-featured-companies';

const notFound = { 404: errorResponse('No such seller', ['NOT_FOUND']) };

export const sellersRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  // Registered before /:id so that "featured" is never read as an id (find-my-way prefers static routes anyway).
  app.get(
    '/marketplace/api/companies/featured',
    {
      schema: {
        tags: ['sellers'],
        summary: 'Featured sellers (at most six)',
        description:
          "In the order of the active 'featured-sellers' CMS section's companyIds; without that section, the " +
          'companies flagged featured by featuredOrder.',
        querystring: noQuerystring,
        response: { 200: successEnvelope(companiesResponse).describe('The featured sellers'), ...commonErrors },
      },
    },
    async () => ({ status: 'success' as const, data: await listFeaturedCompanies(db) }),
  );

  app.get(
    '/marketplace/api/companies/by-slug/:slug',
    {
      schema: {
        tags: ['sellers'],
        summary: 'One seller by slug',
        params: slugParams,
        querystring: noQuerystring,
        response: { 200: successEnvelope(companyResponse).describe('The seller'), ...notFound, ...commonErrors },
      },
    },
    async (request) => ({ status: 'success' as const, data: await getCompany(db, { slug: request.params.slug }) }),
  );

  app.get(
    '/marketplace/api/companies/:id',
    {
      schema: {
        tags: ['sellers'],
        summary: 'One seller by id',
        params: companyIdParams,
        querystring: noQuerystring,
        response: { 200: successEnvelope(companyResponse).describe('The seller'), ...notFound, ...commonErrors },
      },
    },
    async (request) => ({ status: 'success' as const, data: await getCompany(db, { id: request.params.id }) }),
  );
};
