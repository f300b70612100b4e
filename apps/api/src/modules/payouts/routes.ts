import {
  manualPayoutBody,
  payoutAccountBody,
  payoutAccountParams,
  payoutAccountResponse,
  payoutResponse,
  sellerPayoutsParams,
  sellerPayoutsResponse,
  staffPayoutsResponse,
  staffRefundsResponse,
  staffRevenueResponse,
  transferPayoutBody,
  transferPayoutResponse,
} from '@lotline/contracts';
import type { Database } from '@lotline/db';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/errors';
import { access } from '../../lib/http/access';
import { idempotencyHeaders, withIdempotency } from '../../lib/http/idempotency';
import { POLICIES } from '../../lib/http/rate-limit';
import { noQuery, ok, userReadErrors, userWriteErrors } from '../../lib/http/route-schemas';
import { errorResponse } from '../../lib/openapi';
import { consoleCompanies } from '../sellers/company-access';
import type { ConnectProvider } from './connect-provider';
import { getPayout, listCompanyPayouts, listStaffPayouts } from './list-payouts';
import { listStaffRefunds } from './list-refunds';
import { payoutAccountRoutes } from './payout-account-routes';
import { RELEASE_RULE, type ReleaseRule } from './payout-due';
import type { PayoutProvider } from './payout-provider';
import { readRevenue } from './read-revenue';
import { recordManualPayout } from './record-manual-payout';
import { transferPayout } from './release-payouts';
import { setPayoutAccount } from './set-payout-account';

/**
 * Payouts and the staff money pages (decision 0079): the payouts due and made, a bank transfer recorded or a
 * Stripe transfer asked for, a company's Stripe account; refunds across orders; the marketplace's revenue.
 * Staff only, each write audited; a company's members read its payouts. The money rules are the use-cases'.
 */

export interface PayoutRoutesDeps {
  db: Database;
  provider: PayoutProvider | null;
  /** Holds the sellers' connected accounts (decision 0090). */
  connect: ConnectProvider;
  publicOrigin: string;
  rule?: ReleaseRule;
}

const TAGS = ['staff'];
const BASE = '/marketplace-api/staff/payouts';
const staff = { session: 'required', role: 'staff', forbidden: 'Only Lotline staff can see the money pages.' } as const;
const staffWrite = { ...staff, rateLimit: POLICIES.accountWritesByUser } as const;
const notStaff = { 403: errorResponse('Not staff', ['FORBIDDEN']) };
const writeRefusals = {
  ...userWriteErrors,
  403: errorResponse('Not staff, a company the staff member belongs to, or another origin (CSRF)', [
    'FORBIDDEN',
    'OWN_RECORD',
  ]),
  404: errorResponse('No such order', ['NOT_FOUND']),
  409: errorResponse('Not due (not paid, inside the refund window, refunded, already paid out), or the key reused', [
    'CONFLICT',
    'IDEMPOTENCY_KEY_REUSED',
  ]),
};

export const payoutRoutes: FastifyPluginAsyncZod<PayoutRoutesDeps> = async (app, deps) => {
  const { db } = deps;
  const rule = deps.rule ?? RELEASE_RULE;
  await app.register(payoutAccountRoutes, { db, connect: deps.connect, publicOrigin: deps.publicOrigin });

  app.get(
    BASE,
    {
      config: access(staff),
      schema: {
        tags: TAGS,
        summary: 'Staff: the payouts due and the payouts made',
        description: `Due: paid orders past their refund window (${rule.refundWindowDays} days), not fully refunded and not paid out, with the net owed. Made: the newest payouts with what was refunded after them (owed back).`,
        querystring: noQuery,
        response: { 200: ok(staffPayoutsResponse, 'Due and made'), ...userReadErrors, ...notStaff },
      },
    },
    async () => ({ status: 'success' as const, data: await listStaffPayouts(db, rule) }),
  );

  app.post(
    BASE,
    {
      config: access(staffWrite),
      schema: {
        tags: TAGS,
        summary: 'Staff: record the bank transfer that paid a seller for an order',
        description:
          "The amount is the order's net, never typed. Takes `Idempotency-Key`: a retry answers the same payout. A second payout of the order is 409. Audited as `payout.record`.",
        headers: idempotencyHeaders,
        querystring: noQuery,
        body: manualPayoutBody,
        response: { 201: ok(payoutResponse, 'Recorded'), ...writeRefusals },
      },
    },
    async (request, reply) => {
      const answer = await withIdempotency(
        db,
        { userId: request.user.id, key: request.headers['idempotency-key'], scope: `POST ${BASE}`, body: request.body },
        async (tx) => {
          const payoutId = await recordManualPayout(tx, { ...request.body, actorId: request.user.id }, rule);
          return { status: 201, body: { status: 'success', data: { payout: await getPayout(tx, payoutId) } } };
        },
      );
      return reply.status(answer.status).send(answer.body as never);
    },
  );

  app.post(
    `${BASE}/transfers`,
    {
      config: access(staffWrite),
      schema: {
        tags: TAGS,
        summary: "Staff: transfer a due order's payout to the company's Stripe account now",
        description:
          'Only with Stripe and a company with a Stripe account. The payout id is Stripe’s idempotency key: a retry never pays twice. A refused transfer is recorded `failed` (the order stays due). Audited as `payout.transfer`.',
        querystring: noQuery,
        body: transferPayoutBody,
        response: { 201: ok(transferPayoutResponse, 'Transferred, refused or still processing'), ...writeRefusals },
      },
    },
    async (request, reply) => {
      const outcome = await transferPayout(deps, request.body.orderId, request.user.id);
      const payout = await getPayout(db, outcome.payoutId);
      return reply
        .status(201)
        .send({ status: 'success' as const, data: { payout, message: outcome.message } } as never);
    },
  );

  app.put(
    `${BASE}/accounts/:companyId`,
    {
      config: access(staffWrite),
      schema: {
        tags: TAGS,
        summary: "Staff: set or clear the company's Stripe Connect account for payouts",
        description: 'null: the company is paid by bank transfer. Audited as `payout.account`.',
        params: payoutAccountParams,
        querystring: noQuery,
        body: payoutAccountBody,
        response: {
          200: ok(payoutAccountResponse, 'Set'),
          ...writeRefusals,
          404: errorResponse('No such company', ['NOT_FOUND']),
        },
      },
    },
    async (request) => ({
      status: 'success' as const,
      data: await db.transaction((tx) =>
        setPayoutAccount(tx, { ...request.params, ...request.body, actorId: request.user.id }),
      ),
    }),
  );

  app.get(
    '/marketplace-api/staff/refunds',
    {
      config: access(staff),
      schema: {
        tags: TAGS,
        summary: 'Staff: the newest refunds across every order',
        description: 'Who refunded what and when, with the order, its seller and the credit note number.',
        querystring: noQuery,
        response: { 200: ok(staffRefundsResponse, 'Refunds'), ...userReadErrors, ...notStaff },
      },
    },
    async () => ({ status: 'success' as const, data: { refunds: await listStaffRefunds(db) } }),
  );

  app.get(
    '/marketplace-api/staff/revenue',
    {
      config: access(staff),
      schema: {
        tags: TAGS,
        summary: "Staff: the marketplace's revenue per month and currency",
        description:
          'Commission plus the buyer’s premium the marketplace keeps, of the orders paid out that month (UTC), from each payout’s own reckoning.',
        querystring: noQuery,
        response: { 200: ok(staffRevenueResponse, 'Per month'), ...userReadErrors, ...notStaff },
      },
    },
    async () => ({ status: 'success' as const, data: { months: await readRevenue(db) } }),
  );

  app.get(
    '/marketplace-api/seller/companies/:companyId/payouts',
    {
      config: access({ session: 'required' }),
      schema: {
        tags: ['seller'],
        summary: "The company's payouts, newest first",
        description: 'Members of the company only (403 otherwise).',
        params: sellerPayoutsParams,
        querystring: noQuery,
        response: { 200: ok(sellerPayoutsResponse, 'Payouts'), ...userReadErrors },
      },
    },
    async (request) => {
      const companyIds = await consoleCompanies(db, request.user.id);
      if (!companyIds.includes(request.params.companyId)) {
        throw new AppError('FORBIDDEN', 'You are not a user of this company.');
      }
      return { status: 'success' as const, data: { payouts: await listCompanyPayouts(db, request.params.companyId) } };
    },
  );
};
