import {
  approveBody,
  exemptionIdParams,
  reviewListResponse,
  reviewQuerystring,
  revokeBody,
  taxExemption,
  taxExemptionBody,
  taxExemptionsQuerystring,
  taxExemptionsResponse,
} from '@lotline/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../lib/http/access';
import { isStaff } from '../../lib/http/authorize';
import { POLICIES } from '../../lib/http/rate-limit';
import { noQuery, ok, userReadErrors, userWriteErrors } from '../../lib/http/route-schemas';
import { errorResponse } from '../../lib/openapi';
import type { UploadsDeps } from '../uploads/routes';
import { listTaxExemptions } from './list-tax-exemptions';
import { approvalExpiry, listForReview, reviewTaxExemption } from './review-tax-exemptions';
import { submitTaxExemption } from './submit-tax-exemption';

/**
 * Tax exemptions (contract §3 and §4, spec §4; decision 0017): the contract's
 * read, a user's certificate submission, and staff review (list, approve,
 * revoke). Every change recomputes the owner's `verified`.
 */

const TAGS = ['tax-exemptions'];
const BASE = '/ars/api/v2/identity/tax-exemptions';
const staffErrors = {
  ...userWriteErrors,
  403: errorResponse('Not staff, your own exemption (another staff member must), or CSRF', ['FORBIDDEN', 'OWN_RECORD']),
  404: errorResponse('No such exemption', ['NOT_FOUND']),
  409: errorResponse('The exemption is not in a state this review applies to', ['CONFLICT']),
};
const STAFF_ONLY = 'Only Lotline staff can review tax exemptions.';
const reviewed = z.object({ taxExemption }).describe('The exemption after the review');

export const taxExemptionsRoutes: FastifyPluginAsyncZod<Pick<UploadsDeps, 'db' | 'storage'>> = async (app, deps) => {
  const { db, storage } = deps;

  app.get(
    `${BASE}/user`,
    {
      config: access({ session: 'required' }),
      schema: {
        tags: TAGS,
        summary: 'Tax exemptions of a user, company or order, newest first',
        description:
          "Without parameters: the signed-in user's own (`documentType` defaults to `user`, `documentId` to the signed-in user). Users see only exemptions they submitted; another user's id is 403. Staff (roles `staff`, `admin`) may read any. An active exemption past `expiresAt` is listed as `expired`.",
        querystring: taxExemptionsQuerystring,
        response: { 200: ok(taxExemptionsResponse, 'Newest first'), ...userReadErrors },
      },
    },
    async (request) => {
      const viewer = { id: request.user.id, staff: await isStaff(db, request.user.id) };
      return {
        status: 'success' as const,
        data: await listTaxExemptions(db, storage, viewer, request.query, new Date()),
      };
    },
  );

  app.post(
    `${BASE}/user`,
    {
      config: access({ session: 'required', rateLimit: POLICIES.accountWritesByUser }),
      schema: {
        tags: TAGS,
        summary: "Submit a tax exemption certificate for the signed-in user's account",
        description:
          '`fileKey`: the `key` of a certificate (pdf, jpg, jpeg or png) the signed-in user uploaded through GET /ars/api/file-upload with application `marketplace`, and whose upload finished. `region`: the US state or Canadian province code it was issued for. Creates an exemption `in-review` and recomputes `verified` (spec §4: an exemption in review counts).',
        querystring: noQuery,
        body: taxExemptionBody,
        response: {
          201: ok(z.object({ taxExemption }), 'Submitted, in review'),
          409: errorResponse('The file was already submitted, or too many certificates are in review', ['CONFLICT']),
          ...userWriteErrors,
        },
      },
    },
    async (request, reply) => {
      const created = await submitTaxExemption(db, storage, request.user.id, request.body, new Date());
      return reply.status(201).send({ status: 'success' as const, data: { taxExemption: created } });
    },
  );

  app.get(
    `${BASE}/review`,
    {
      config: access({ session: 'required', role: 'staff', forbidden: STAFF_ONLY }),
      schema: {
        tags: TAGS,
        summary: 'Staff: tax exemptions by status, with their users',
        description:
          'Staff only (roles `staff`, `admin`). `status` defaults to `in-review` (oldest first, the queue); other statuses newest first. `expired` includes active exemptions past `expiresAt`.',
        querystring: reviewQuerystring,
        response: {
          200: ok(reviewListResponse, 'At most 200'),
          ...userReadErrors,
          403: errorResponse('Not staff', ['FORBIDDEN']),
        },
      },
    },
    async (request) => {
      return {
        status: 'success' as const,
        data: await listForReview(db, storage, request.query.status, new Date()),
      };
    },
  );

  app.post(
    `${BASE}/:exemptionId/approve`,
    {
      config: access({ session: 'required', role: 'staff', forbidden: STAFF_ONLY }),
      schema: {
        tags: TAGS,
        summary: 'Staff: approve an exemption in review',
        description:
          "Staff only. The exemption becomes `active` until the end (UTC) of `expiresOn` (a future date within 5 years), by default one year from now. Recomputes the owner's `verified`.",
        params: exemptionIdParams,
        querystring: noQuery,
        body: approveBody,
        response: { 200: ok(reviewed, 'Approved'), ...staffErrors },
      },
    },
    async (request) => {
      const now = new Date();
      const expiresAt = approvalExpiry(request.body.expiresOn, now);
      const change = { staffId: request.user.id, expiresAt };
      const updated = await reviewTaxExemption(db, storage, request.params.exemptionId, 'approve', change, now);
      return { status: 'success' as const, data: { taxExemption: updated } };
    },
  );

  app.post(
    `${BASE}/:exemptionId/revoke`,
    {
      config: access({ session: 'required', role: 'staff', forbidden: STAFF_ONLY }),
      schema: {
        tags: TAGS,
        summary: 'Staff: revoke an exemption in review or active, with a note',
        description: "Staff only. The exemption becomes `revoked`; `note` says why. Recomputes the owner's `verified`.",
        params: exemptionIdParams,
        querystring: noQuery,
        body: revokeBody,
        response: { 200: ok(reviewed, 'Revoked'), ...staffErrors },
      },
    },
    async (request) => {
      const now = new Date();
      const change = { staffId: request.user.id, note: request.body.note };
      const updated = await reviewTaxExemption(db, storage, request.params.exemptionId, 'revoke', change, now);
      return { status: 'success' as const, data: { taxExemption: updated } };
    },
  );
};
