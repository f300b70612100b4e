import {
  companiesResponse,
  companyEventsQuerystring,
  companyIdParams,
  companyResponse,
  eventSearchResponse,
  noQuerystring,
  slugParams,
  successEnvelope,
} from '@lotline/contracts';
import type { Database } from '@lotline/db';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { commonErrors, errorResponse } from '../../lib/openapi';
import { getCompany } from './get-company';
import { listCompanyEvents } from './list-company-events';
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

  app.get(
    '/marketplace/api/companies/:id/events',
    {
      schema: {
        tags: ['sellers'],
        summary: "One seller's events",
        description:
          "The seller page's events: the visible events of GET /marketplace/api/search/events (same cards), of this " +
          "seller only, ending soonest first. `status` defaults to active-and-upcoming. The seller's lots are " +
          'GET /marketplace/api/event/event-lots with companyId in esQuery. An unknown seller is 404.',
        params: companyIdParams,
        querystring: companyEventsQuerystring,
        response: {
          200: successEnvelope(eventSearchResponse).describe("A page of the seller's events"),
          ...notFound,
          ...commonErrors,
        },
      },
    },
    async (request) => ({
      status: 'success' as const,
      data: await listCompanyEvents(db, request.params.id, request.query),
    }),
  );
};
