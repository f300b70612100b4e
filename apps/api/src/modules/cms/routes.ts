import { cmsSectionsResponse, fillerSectionsResponse, noQuerystring, successEnvelope } from '@lotline/contracts';
import type { Database } from '@lotline/db';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { commonErrors } from '../../lib/openapi';
import type { FeatureOverrides } from '../platform/get-feature-flags';
import { listFillerSections } from '../search/fillers';
import { listCmsSections } from './list-cms-sections';

export const cmsRoutes: FastifyPluginAsyncZod<{ db: Database; featureOverrides: FeatureOverrides }> = async (
  app,
  { db, featureOverrides },
) => {
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

  app.get(
    '/marketplace/api/cms/home-sections',
    {
      schema: {
        tags: ['cms'],
        summary: 'The filler sections staff put on the home page',
        description:
          'Active sections with `onHome` (decision 0084), by position, filled as the browse page fills its filler ' +
          'sections (at most 12 cards; a section with none is left out).',
        querystring: noQuerystring,
        response: { 200: successEnvelope(fillerSectionsResponse).describe('The home rows'), ...commonErrors },
      },
    },
    async () => ({
      status: 'success' as const,
      data: { sections: await listFillerSections(db, { home: true }, featureOverrides) },
    }),
  );
};
