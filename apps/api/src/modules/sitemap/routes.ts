import {
  noQuerystring,
  sitemapIndexResponse,
  sitemapPageParams,
  sitemapPageResponse,
  successEnvelope,
} from '@lotline/contracts';
import type { Database } from '@lotline/db';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { commonErrors, errorResponse } from '../../lib/openapi';
import { getSitemapIndex, getSitemapPage } from './sitemap-pages';

/** What the web's /sitemap.xml and /sitemaps/{kind}-{page}.xml are built from (decision 0023). */
export const sitemapRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/marketplace/api/sitemap',
    {
      schema: {
        tags: ['sitemap'],
        summary: 'How many sitemap pages each kind of public document has',
        querystring: noQuerystring,
        response: { 200: successEnvelope(sitemapIndexResponse).describe('Page counts per kind'), ...commonErrors },
      },
    },
    async () => ({ status: 'success' as const, data: await getSitemapIndex(db) }),
  );

  app.get(
    '/marketplace/api/sitemap/:kind/:page',
    {
      schema: {
        tags: ['sitemap'],
        summary: 'One page of public documents of a kind, at most pageSize, for a sitemap file',
        description:
          'Lots are cut along their insertion ordinal (one index range per page, no OFFSET); the other kinds ' +
          'are read in id order. Only documents whose page answers to a visitor are listed.',
        params: sitemapPageParams,
        querystring: noQuerystring,
        response: {
          200: successEnvelope(sitemapPageResponse).describe('The page'),
          404: errorResponse('A page past the last one', ['NOT_FOUND']),
          ...commonErrors,
        },
      },
    },
    async (request) => ({
      status: 'success' as const,
      data: await getSitemapPage(db, request.params.kind, request.params.page),
    }),
  );
};
