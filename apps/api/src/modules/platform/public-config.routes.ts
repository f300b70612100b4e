import { publicConfigResponse, successEnvelope } from '@lotline/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { PaymentsProvider } from '../../config';
import { commonErrors } from '../../lib/openapi';

/**
 * The settings the web app shows people (decision 0066): whether payments are the sandbox's, so that every page
 * carries the "Test payments" banner. The app passes the provider it really built, not what the config asked for.
 */
export const publicConfigRoutes: FastifyPluginAsyncZod<{ paymentsProvider: PaymentsProvider }> = async (
  app,
  { paymentsProvider },
) => {
  const data = { payments: { provider: paymentsProvider } };
  app.get(
    '/marketplace/api/public-config',
    {
      schema: {
        tags: ['platform'],
        summary: "The site's public settings",
        description:
          '`payments.provider` is `sandbox` when no real money moves (test cards; development, tests, a staging ' +
          'site with PAYMENTS_PROVIDER=sandbox): pages then show a "Test payments" banner.',
        querystring: z.object({}).strict(),
        response: { 200: successEnvelope(publicConfigResponse).describe('The public settings'), ...commonErrors },
      },
    },
    async () => ({ status: 'success' as const, data }),
  );
};
