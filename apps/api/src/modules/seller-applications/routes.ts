import {
  NOT_ACTIVATED_CODE,
  sellerApplicationBody,
  sellerApplicationCreatedResponse,
  sellerApplicationDecisionBody,
  sellerApplicationDecisionResponse,
  sellerApplicationParams,
  staffSellerApplicationsQuerystring,
  staffSellerApplicationsResponse,
} from '@lotline/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../lib/http/access';
import { POLICIES } from '../../lib/http/rate-limit';
import { noQuery, ok, userReadErrors, userWriteErrors } from '../../lib/http/route-schemas';
import { errorResponse } from '../../lib/openapi';
import { OWN_RECORD } from '../../lib/own-record';
import { type DecisionDeps, decideSellerApplication } from './decide-seller-application';
import { listSellerApplications } from './list-seller-applications';
import { submitSellerApplication } from './submit-seller-application';

/**
 * Seller onboarding (contract §6 rows 1–3, decision 0074): a user applies to
 * sell; staff list the applications and approve (the company is created with
 * the applicant as owner) or decline them with a reason.
 */

const TAGS = ['seller-applications'];
const STAFF_BASE = '/marketplace-api/staff/seller-applications';
const STAFF_ONLY = 'Only Lotline staff can review seller applications.';

export const sellerApplicationsRoutes: FastifyPluginAsyncZod<DecisionDeps> = async (app, deps) => {
  const { db } = deps;

  app.post(
    '/marketplace-api/seller-applications',
    {
      config: access({ session: 'required', rateLimit: POLICIES.accountWritesByUser }),
      schema: {
        tags: TAGS,
        summary: 'Apply to sell on Lotline',
        description:
          'Signed in and activated. `country` US or CA; `region` (optional) a state or province code of that country; `website` (optional) an http or https address; `message` (optional) what the company sells. One pending application per user.',
        querystring: noQuery,
        body: sellerApplicationBody,
        response: {
          201: ok(sellerApplicationCreatedResponse, 'Submitted, pending review'),
          ...userWriteErrors,
          403: errorResponse('The account is not activated yet, or sent from another origin (CSRF)', [
            NOT_ACTIVATED_CODE,
            'FORBIDDEN',
          ]),
          409: errorResponse('An application of this user is already pending', ['CONFLICT']),
        },
      },
    },
    async (request, reply) => {
      const created = await submitSellerApplication(db, request.user.id, request.body);
      return reply.status(201).send({ status: 'success' as const, data: created });
    },
  );

  app.get(
    STAFF_BASE,
    {
      config: access({ session: 'required', role: 'staff', forbidden: STAFF_ONLY }),
      schema: {
        tags: TAGS,
        summary: 'Staff: seller applications, with their applicants',
        description:
          'Staff only (roles `staff`, `admin`). `status` filters (pending oldest first, the queue; otherwise newest first).',
        querystring: staffSellerApplicationsQuerystring,
        response: {
          200: ok(staffSellerApplicationsResponse, 'One page'),
          ...userReadErrors,
          403: errorResponse('Not staff', ['FORBIDDEN']),
        },
      },
    },
    async (request) => ({ status: 'success' as const, data: await listSellerApplications(db, request.query) }),
  );

  app.post(
    `${STAFF_BASE}/:applicationId/decision`,
    {
      config: access({ session: 'required', role: 'staff', forbidden: STAFF_ONLY }),
      schema: {
        tags: TAGS,
        summary: 'Staff: approve or decline a pending seller application',
        description:
          'Staff only. `approve` creates the company (a free slug from its name) with the applicant as its `owner` and gives them the role `seller`: the company is in their GET /marketplace-api/seller/companies at once. `decline` requires `note`, the reason the applicant is e-mailed. Both e-mail the applicant and are in the audit log.',
        params: sellerApplicationParams,
        querystring: noQuery,
        body: sellerApplicationDecisionBody,
        response: {
          200: ok(sellerApplicationDecisionResponse, 'Decided'),
          ...userWriteErrors,
          403: errorResponse('Not staff, your own application (another staff member must), or CSRF', [
            'FORBIDDEN',
            OWN_RECORD,
          ]),
          404: errorResponse('No such application', ['NOT_FOUND']),
          409: errorResponse('The application was already decided', ['CONFLICT']),
        },
      },
    },
    async (request) => ({
      status: 'success' as const,
      data: await decideSellerApplication(deps, request.user.id, request.params.applicationId, request.body),
    }),
  );
};
