import {
  autoApprovalRuleBody,
  autoApprovalRuleParams,
  autoApprovalRuleResponse,
  autoApprovalRulesQuery,
  autoApprovalRulesResponse,
  ruleDeletedResponse,
  staffRegistrationsQuery,
  staffRegistrationsResponse,
} from '@lotline/contracts';
import type { Database } from '@lotline/db';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../lib/http/access';
import { POLICIES } from '../../lib/http/rate-limit';
import { noQuery, ok, userReadErrors, userWriteErrors } from '../../lib/http/route-schemas';
import { errorResponse } from '../../lib/openapi';
import { listRegistrations } from '../registrations/list-registrations';
import { listReviewQueue } from './list-review-queue';
import {
  createAutoApprovalRule,
  deleteAutoApprovalRule,
  listAutoApprovalRules,
  updateAutoApprovalRule,
} from './manage-auto-approval-rules';

/**
 * Staff's bidder review (decision 0080): the registrations awaiting approval across events with risk
 * signals (staff only; an event's seller has the seller console's list, decision 0098), and each company's
 * auto-approval rules. Decisions and bid limits go through the registrations module's routes.
 */

export interface BidderReviewDeps {
  db: Database;
}

const TAGS = ['staff'];
const RULES = '/marketplace-api/staff/auto-approval-rules';
const QUEUE_STAFF_ONLY = 'Only Lotline staff can review bidders here; an event’s seller reviews in the seller console.';
const RULES_STAFF_ONLY = 'Only Lotline staff can edit auto-approval rules.';
const staff = { session: 'required', role: 'staff', forbidden: RULES_STAFF_ONLY } as const;
const notStaff = { 403: errorResponse('Not staff', ['FORBIDDEN']) };
const noSuchRule = { 404: errorResponse('No such rule or company', ['NOT_FOUND']) };

export const bidderReviewRoutes: FastifyPluginAsyncZod<BidderReviewDeps> = async (app, { db }) => {
  app.get(
    '/marketplace-api/staff/registrations',
    {
      config: access({ session: 'required', role: 'staff', forbidden: QUEUE_STAFF_ONLY }),
      schema: {
        tags: TAGS,
        summary: 'Staff: the bidder review queue across events, or one event’s registrations',
        description: [
          'Staff only (anyone else 403, contract §6; decision 0098). Without `eventId`: the registrations in',
          '`status` (default `pending`) of every event, oldest first, paged, each with its event and the bidder’s',
          'risk signals (decision 0080). With `eventId`: that event’s registrations, pending first, at most 1,000,',
          'without signals. The event’s seller reads its own through GET',
          '`/marketplace-api/seller/events/{eventId}/registrations`.',
        ].join(' '),
        querystring: staffRegistrationsQuery,
        response: {
          200: ok(staffRegistrationsResponse, 'The registrations'),
          ...userReadErrors,
          ...notStaff,
          404: errorResponse('No such event', ['NOT_FOUND']),
        },
      },
    },
    async (request) => {
      const { eventId, status, pageSize, pageNumber } = request.query;
      if (eventId !== undefined) {
        const list = await listRegistrations(db, request.user.id, eventId);
        return { status: 'success' as const, data: { registrations: list } };
      }
      const data = await listReviewQueue(db, { status: status ?? 'pending', pageSize, pageNumber });
      return { status: 'success' as const, data };
    },
  );

  app.get(
    RULES,
    {
      config: access(staff),
      schema: {
        tags: TAGS,
        summary: 'Staff: the auto-approval rules, of one company or all',
        querystring: autoApprovalRulesQuery,
        response: { 200: ok(autoApprovalRulesResponse, 'The rules'), ...userReadErrors, ...notStaff },
      },
    },
    async (request) => ({
      status: 'success' as const,
      data: { rules: await listAutoApprovalRules(db, request.query.companyId) },
    }),
  );

  app.post(
    RULES,
    {
      config: access({ ...staff, rateLimit: POLICIES.accountWritesByUser }),
      schema: {
        tags: TAGS,
        summary: 'Staff: a new auto-approval rule for a company',
        description:
          'A new registration for an event of the company that asks approval, by a bidder who meets every condition, is approved at once with the rule’s limit; the rule applies to the company’s events in its `currency`. Audited as `auto-approval-rule.create`.',
        querystring: noQuery,
        body: autoApprovalRuleBody,
        response: {
          201: ok(autoApprovalRuleResponse, 'The rule'),
          ...userWriteErrors,
          ...notStaff,
          ...noSuchRule,
        },
      },
    },
    async (request, reply) => {
      const rule = await createAutoApprovalRule(db, request.user.id, request.body);
      return reply.status(201).send({ status: 'success' as const, data: { rule } });
    },
  );

  app.put(
    `${RULES}/:ruleId`,
    {
      config: access({ ...staff, rateLimit: POLICIES.accountWritesByUser }),
      schema: {
        tags: TAGS,
        summary: 'Staff: replace an auto-approval rule’s conditions and limit',
        description: 'The rule keeps its company. Audited as `auto-approval-rule.update`.',
        params: autoApprovalRuleParams,
        querystring: noQuery,
        body: autoApprovalRuleBody,
        response: { 200: ok(autoApprovalRuleResponse, 'The rule'), ...userWriteErrors, ...notStaff, ...noSuchRule },
      },
    },
    async (request) => ({
      status: 'success' as const,
      data: { rule: await updateAutoApprovalRule(db, request.user.id, request.params.ruleId, request.body) },
    }),
  );

  app.delete(
    `${RULES}/:ruleId`,
    {
      config: access({ ...staff, rateLimit: POLICIES.accountWritesByUser }),
      schema: {
        tags: TAGS,
        summary: 'Staff: delete an auto-approval rule',
        description: 'Registrations it approved stay approved. Audited as `auto-approval-rule.delete`.',
        params: autoApprovalRuleParams,
        querystring: noQuery,
        response: { 200: ok(ruleDeletedResponse, 'Deleted'), ...userWriteErrors, ...notStaff, ...noSuchRule },
      },
    },
    async (request) => {
      await deleteAutoApprovalRule(db, request.user.id, request.params.ruleId);
      return { status: 'success' as const, data: { deleted: true as const } };
    },
  );
};
