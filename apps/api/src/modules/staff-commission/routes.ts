import { marketplaceCommissionBody, marketplaceCommissionResponse } from '@lotline/contracts';
import type { Database } from '@lotline/db';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../lib/http/access';
import { POLICIES } from '../../lib/http/rate-limit';
import { noQuery, ok, userReadErrors, userWriteErrors } from '../../lib/http/route-schemas';
import { errorResponse } from '../../lib/openapi';
import { readMarketplaceCommission, setMarketplaceCommission } from './marketplace-commission';

/** The marketplace's default commission (decision 0078), for staff: read it, set it (audited). */

const TAGS = ['staff'];
const PATH = '/marketplace-api/staff/commission';
const staff = { session: 'required', role: 'staff', forbidden: 'Only Lotline staff can set the commission.' } as const;

export const staffCommissionRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    PATH,
    {
      config: access(staff),
      schema: {
        tags: TAGS,
        summary: "Staff: the marketplace's default commission",
        description:
          'Staff only. The rate in basis points an event is published with when its company has no override (`PATCH /marketplace-api/staff/companies/{companyId}`); `stored: false` while staff have not set one.',
        querystring: noQuery,
        response: {
          200: ok(marketplaceCommissionResponse, 'The default in force'),
          ...userReadErrors,
          403: errorResponse('Not staff', ['FORBIDDEN']),
        },
      },
    },
    async () => ({ status: 'success' as const, data: { commission: await readMarketplaceCommission(db) } }),
  );

  app.put(
    PATH,
    {
      config: access({ ...staff, rateLimit: POLICIES.accountWritesByUser }),
      schema: {
        tags: TAGS,
        summary: "Staff: set the marketplace's default commission",
        description:
          'Staff only. `commissionBps` 0 to 10000. Applies to events published from now on: each event keeps the rate it was published with. Audited as `marketplace.commission`; saving the rate in force records nothing.',
        querystring: noQuery,
        body: marketplaceCommissionBody,
        response: {
          200: ok(marketplaceCommissionResponse, 'The default after the change'),
          ...userWriteErrors,
          403: errorResponse('Not staff, or CSRF', ['FORBIDDEN']),
        },
      },
    },
    async (request) => ({
      status: 'success' as const,
      data: { commission: await setMarketplaceCommission(db, request.user.id, request.body.commissionBps) },
    }),
  );
};
