import {
  FEATURE_FLAGS,
  type FeatureFlag,
  featureFlagState,
  featureFlagsResponse,
  successEnvelope,
} from '@lotline/contracts';
import type { Database } from '@lotline/db';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../lib/http/access';
import { noQuery, ok, userWriteErrors } from '../../lib/http/route-schemas';
import { commonErrors, errorResponse } from '../../lib/openapi';
import { getFeatureFlags, switchFeatureFlag } from './get-feature-flags';

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

  app.put(
    '/marketplace/api/feature-flags/:key',
    {
      config: access({ session: 'required', role: 'staff', forbidden: 'Only Lotline staff can switch features.' }),
      schema: {
        tags: ['platform'],
        summary: 'Staff: switch a feature flag on or off',
        description:
          "Staff only. Stores the flag's value; an environment override (`FEATURE_<FLAG>`) still wins, and the answer says which value is in effect.",
        params: z.object({ key: z.enum(FEATURE_FLAGS) }),
        querystring: noQuery,
        body: z.strictObject({ enabled: z.boolean() }),
        response: {
          200: ok(z.object({ featureFlag: featureFlagState }), 'The flag as it now is'),
          ...userWriteErrors,
          403: errorResponse('Not staff', ['FORBIDDEN']),
        },
      },
    },
    async (request) => {
      await switchFeatureFlag(db, request.user.id, request.params.key, request.body.enabled);
      const flags = await getFeatureFlags(db, featureOverrides);
      const featureFlag = flags.find((f) => f.key === request.params.key) as (typeof flags)[number];
      return { status: 'success' as const, data: { featureFlag } };
    },
  );
};
