import {
  payoutAccountState,
  payoutOnboardingResponse,
  sellerPayoutAccountResponse,
  sellerPayoutsParams,
} from '@lotline/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../lib/http/access';
import { noQuery, ok, userReadErrors, userWriteErrors } from '../../lib/http/route-schemas';
import { limitedWrite } from '../../lib/http/write-limits';
import { errorResponse } from '../../lib/openapi';
import { requireCompanyRole } from '../seller-company/company-role';
import { type ConnectDeps, refreshPayoutAccount, startPayoutOnboarding } from './manage-payout-account';
import { readPayoutAccount } from './payout-account';

/**
 * The seller console's payout account (decision 0090): read by the company's members; connected through the
 * payment provider's onboarding and refreshed from it by an owner. Thin: the use-cases decide and audit.
 */

const TAGS = ['seller'];
const BASE = '/marketplace-api/seller/companies/:companyId/payout-account';
const noCompany = { 404: errorResponse('No such company', ['NOT_FOUND']) };
const ownerWrite = {
  ...userWriteErrors,
  403: errorResponse('Not an owner of this company (a staff member, a buyer, another company), or another origin', [
    'FORBIDDEN',
  ]),
  409: errorResponse('The payment provider refused (its reason), or the account is of another provider', [
    'PAYOUT_ACCOUNT_REFUSED',
    'CONFLICT',
  ]),
};

export const payoutAccountRoutes: FastifyPluginAsyncZod<ConnectDeps> = async (app, deps) => {
  const { db, connect } = deps;

  app.get(
    BASE,
    {
      config: access({ session: 'required' }),
      schema: {
        tags: TAGS,
        summary: "The company's payout account: where its payouts go, and what the provider last said of it",
        description:
          'Members of the company. `canManage`: the caller is an owner. `provider`: the one a new connect uses.',
        params: sellerPayoutsParams,
        querystring: noQuery,
        response: {
          200: ok(sellerPayoutAccountResponse, 'The account, or null'),
          ...userReadErrors,
          403: errorResponse('Not a user of this company', ['FORBIDDEN']),
          ...noCompany,
        },
      },
    },
    async (request) => {
      const role = await requireCompanyRole(db, request.user.id, request.params.companyId);
      const account = await readPayoutAccount(db, request.params.companyId);
      return { status: 'success' as const, data: { account, provider: connect.name, canManage: role === 'owner' } };
    },
  );

  app.post(
    `${BASE}/onboarding`,
    {
      config: limitedWrite('seller'),
      schema: {
        tags: TAGS,
        summary: "Owners: connect the company's payout account through the payment provider's onboarding",
        description:
          'Makes the connected account once (Stripe Express, or the sandbox’s; a repeat reuses it) and answers a fresh single-use onboarding URL to send the browser to. The provider sends it back to the console’s payouts page. Audited as `company.payoutAccount.connect` when the account is made.',
        params: sellerPayoutsParams,
        querystring: noQuery,
        response: { 200: ok(payoutOnboardingResponse, 'Go to `url`'), ...ownerWrite, ...noCompany },
      },
    },
    async (request) => ({
      status: 'success' as const,
      data: await startPayoutOnboarding(deps, { companyId: request.params.companyId, actorId: request.user.id }),
    }),
  );

  app.post(
    `${BASE}/refresh`,
    {
      config: limitedWrite('seller'),
      schema: {
        tags: TAGS,
        summary: "Owners: ask the payment provider how the company's payout account stands now",
        description:
          'Stores details submitted, charges and payouts enabled. A change is audited as `company.payoutAccount.status`; the same answer again changes nothing.',
        params: sellerPayoutsParams,
        querystring: noQuery,
        response: {
          200: ok(payoutAccountState, 'The account now'),
          ...ownerWrite,
          404: errorResponse('No such company, or no payout account yet', ['NOT_FOUND']),
        },
      },
    },
    async (request) => ({
      status: 'success' as const,
      data: await refreshPayoutAccount(deps, { companyId: request.params.companyId, actorId: request.user.id }),
    }),
  );
};
