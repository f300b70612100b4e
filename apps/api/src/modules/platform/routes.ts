import { type FeatureFlag, featureFlagsResponse, successEnvelope } from '@lotline/contracts';
import type { Database } from '@lotline/db';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { commonErrors } from '../../lib/openapi';
import { getFeatureFlags } from './get-feature-flags';

export const platformRoutes: FastifyPluginAsyncZod<{
  db: Database;
  featureOverrides: Partial<Record<FeatureFlag, boolean>>;
}> = async (app, { db, featureOverrides }) => {
  app.get(
    '/marketplace/api/feature-flags',
    {
      schema: {
        tags: ['platform'],
        summary: 'Feature flags and their effective values',
        description: 'Stored per flag in the database; `FEATURE_<FLAG>=on|off` in the environment overrides.',
        querystring: z.object({}).strict(),
        response: { 200: successEnvelope(featureFlagsResponse).describe('Every feature flag'), ...commonErrors },
      },
    },
    async () => ({
      status: 'success' as const,
      data: { featureFlags: await getFeatureFlags(db, featureOverrides) },
    }),
  );
};
