import {
  staffCompaniesQuery,
  staffCompaniesResponse,
  staffCompanyParams,
  staffCompanyPatchBody,
  staffCompanyResponse,
} from '@lotline/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../lib/http/access';
import { POLICIES } from '../../lib/http/rate-limit';
import { noQuery, ok, userReadErrors, userWriteErrors } from '../../lib/http/route-schemas';
import { errorResponse } from '../../lib/openapi';
import { listStaffCompanies } from './list-companies';
import { type StaffCompanyDeps, updateStaffCompany } from './update-company';

/**
 * Staff company administration (contract §6, decision 0076): the list, suspend and reactivate, the
 * commission override. Staff only; every change is in the audit log.
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
