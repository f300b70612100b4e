import {
  COMPANY_CODES,
  inviteMemberBody,
  inviteMemberResponse,
  staffCompaniesQuery,
  staffCompaniesResponse,
  staffCompanyCreateBody,
  staffCompanyCreatedResponse,
  staffCompanyParams,
  staffCompanyPatchBody,
  staffCompanyResponse,
} from '@lotline/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../lib/http/access';
import { POLICIES } from '../../lib/http/rate-limit';
import { noQuery, ok, userReadErrors, userWriteErrors } from '../../lib/http/route-schemas';
import { errorResponse } from '../../lib/openapi';
import { createStaffCompany, staffInviteMember } from './create-company';
import { listStaffCompanies } from './list-companies';
import { type StaffCompanyDeps, updateStaffCompany } from './update-company';

/**
 * Staff company administration (contract §6, decisions 0074 and 0076): the list, a new company with its
 * owner invited, suspend and reactivate, the commission override. Staff only; every change is in the audit log.
 */

const TAGS = ['staff'];
const BASE = '/marketplace-api/staff/companies';
const staff = { session: 'required', role: 'staff', forbidden: 'Only Lotline staff can manage companies.' } as const;

export const staffCompaniesRoutes: FastifyPluginAsyncZod<StaffCompanyDeps> = async (app, deps) => {
  app.get(
    BASE,
    {
      config: access(staff),
      schema: {
        tags: TAGS,
        summary: 'Staff: the seller companies, by name, with their status and commission',
        description:
          'Staff only (roles `staff`, `admin`). `q`: part of the name or slug; `status`: active or suspended.',
        querystring: staffCompaniesQuery,
        response: {
          200: ok(staffCompaniesResponse, 'One page'),
          ...userReadErrors,
          403: errorResponse('Not staff', ['FORBIDDEN']),
        },
      },
    },
    async (request) => ({ status: 'success' as const, data: await listStaffCompanies(deps.db, request.query) }),
  );

  app.post(
    BASE,
    {
      config: access({ ...staff, rateLimit: POLICIES.accountWritesByUser }),
      schema: {
        tags: TAGS,
        summary: 'Staff: create a seller company and invite its owner by e-mail',
        description:
          'Staff only. The company is created at once, active and without members; `ownerEmail` is invited as its owner (the same invitation an owner sends: the address accepts it, signing up first if it has no account, and the answer is the same either way). Audited as `company.create`.',
        querystring: noQuery,
        body: staffCompanyCreateBody,
        response: {
          201: ok(staffCompanyCreatedResponse, "The company and the owner's invitation"),
          ...userWriteErrors,
          403: errorResponse('Not staff, or CSRF', ['FORBIDDEN']),
        },
      },
    },
    async (request, reply) => {
      const data = await createStaffCompany(deps, request.user.id, request.body);
      return reply.status(201).send({ status: 'success' as const, data });
    },
  );

  app.post(
    `${BASE}/:companyId/invitations`,
    {
      config: access({ ...staff, rateLimit: POLICIES.accountWritesByUser }),
      schema: {
        tags: TAGS,
        summary: 'Staff: invite a member (an owner, say) to a company',
        description:
          "Staff only. The invitation an owner sends (decision 0068), from staff: for a company whose first owner invitation lapsed, or one that needs another owner. `409 ALREADY_MEMBER` for a member's address. Audited as `company.invite`.",
        params: staffCompanyParams,
        querystring: noQuery,
        body: inviteMemberBody,
        response: {
          201: ok(inviteMemberResponse, 'The invitation, the same for any address'),
          ...userWriteErrors,
          403: errorResponse('Not staff, or CSRF', ['FORBIDDEN']),
          404: errorResponse('No such company', ['NOT_FOUND']),
          409: errorResponse('A member of the company has this address', [COMPANY_CODES.alreadyMember]),
        },
      },
    },
    async (request, reply) => {
      const data = await staffInviteMember(deps, request.user.id, request.params.companyId, request.body);
      return reply.status(201).send({ status: 'success' as const, data });
    },
  );

  app.patch(
    `${BASE}/:companyId`,
    {
      config: access({ ...staff, rateLimit: POLICIES.accountWritesByUser }),
      schema: {
        tags: TAGS,
        summary: 'Staff: suspend or reactivate a company, or set its commission',
        description:
          'Suspended: the drafts stay hidden, the published events are view-only (registering, bidding, buying, offers and tenders answer the not-open code each already uses), the members read their orders and results but every seller-console write answers `403 COMPANY_SUSPENDED`. Reactivating restores everything. The owners are e-mailed on either change. `commissionBps`: 0 to 10000, null for the marketplace default (stored; the computation is a later piece). Audited as `company.suspend`, `company.reactivate`, `company.commission`.',
        params: staffCompanyParams,
        querystring: noQuery,
        body: staffCompanyPatchBody,
        response: {
          200: ok(staffCompanyResponse, 'The company after the change'),
          ...userWriteErrors,
          403: errorResponse('Not staff, or CSRF', ['FORBIDDEN']),
          404: errorResponse('No such company', ['NOT_FOUND']),
        },
      },
    },
    async (request) => {
      const company = await updateStaffCompany(deps, request.user.id, request.params.companyId, request.body);
      return { status: 'success' as const, data: { company } };
    },
  );
};
