import { cmsSectionsResponse, noQuerystring, successEnvelope } from '@lotline/contracts';
import type { Database } from '@lotline/db';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { commonErrors } from '../../lib/openapi';
import { listCmsSections } from './list-cms-sections';

export const cmsRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/marketplace/api/cms/sections',
    {
      schema: {
        tags: ['cms'],
        summary: 'Content sections of the browse pages',
        description:
          'Active sections ordered by position. `config` names what each shows, in display order (lot, company or ' +
          'catalog product ids); resolve lots through the lot endpoints, which apply visibility. Labels are stored ' +
          'as written; the page upper-cases them.',
        querystring: noQuerystring,
        response: { 200: successEnvelope(cmsSectionsResponse).describe('The sections'), ...commonErrors },
      },
    },
    async () => ({ status: 'success' as const, data: await listCmsSections(db) }),
  );
};
