import {
  EVENT_PAUSED,
  eventPauseResponse,
  lotWithdrawalResponse,
  staffEventParams,
  staffEventResponse,
  staffEventsQuery,
  staffEventsResponse,
  staffLotParams,
  staffPauseEventBody,
  staffWithdrawLotBody,
  staffWithdrawnLotResponse,
} from '@lotline/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../lib/http/access';
import { POLICIES } from '../../lib/http/rate-limit';
import { noQuery, ok, userReadErrors, userWriteErrors } from '../../lib/http/route-schemas';
import { errorResponse } from '../../lib/openapi';
import { openPause } from '../event-pauses/event-paused';
import { staffFinalizeEvent } from './finalize-event';
import { getStaffEvent, listStaffEvents } from './list-events';
import { pauseEvent, resumeEvent } from './pause-event';
import { readLotWithdrawal } from './read-withdrawal';
import { type StaffEventDeps, withdrawLot } from './withdraw-lot';

/**
 * Staff run events and lots across companies (decisions 0081, 0082 and 0087): find and read any company's
 * event, pause and resume it, finalize it, withdraw a lot. Staff only; every change is in the audit log. The lot
 * page reads a withdrawal's reason, and the event and lot pages an event's pause, publicly.
 */

const TAGS = ['staff'];
const staff = { session: 'required', role: 'staff', forbidden: 'Only Lotline staff can run events.' } as const;

export const staffEventsRoutes: FastifyPluginAsyncZod<StaffEventDeps> = async (app, deps) => {
  app.get(
    '/marketplace-api/staff/events',
    {
      config: access(staff),
      schema: {
        tags: TAGS,
        summary: "Staff: every company's events, by part of the event's or company's name and by status",
        description: 'Staff only (roles `staff`, `admin`). Newest start first.',
        querystring: staffEventsQuery,
        response: {
          200: ok(staffEventsResponse, 'One page'),
          ...userReadErrors,
          403: errorResponse('Not staff', ['FORBIDDEN']),
        },
      },
    },
    async (request) => ({ status: 'success' as const, data: await listStaffEvents(deps.db, request.query) }),
  );

  app.get(
    '/marketplace-api/staff/events/:eventId',
    {
      config: access(staff),
      schema: {
        tags: TAGS,
        summary: 'Staff: one event of any company and its lots, read-only',
        description: 'Staff only. Each lot says whether it may be withdrawn and, once it was, why.',
        params: staffEventParams,
        querystring: noQuery,
        response: {
          200: ok(staffEventResponse, 'The event and its lots'),
          ...userReadErrors,
          403: errorResponse('Not staff', ['FORBIDDEN']),
          404: errorResponse('No such event', ['NOT_FOUND']),
        },
      },
    },
    async (request) => ({ status: 'success' as const, data: await getStaffEvent(deps.db, request.params.eventId) }),
  );

  app.post(
    '/marketplace-api/staff/events/:eventId/finalize',
    {
      config: access({ ...staff, rateLimit: POLICIES.accountWritesByUser }),
      schema: {
        tags: TAGS,
        summary: "Staff: finalize any company's event once its last lot has closed",
        description:
          "The seller console's finalization: published or view-only → finalized once no lot is scheduled or open; the deposits are then settled. Audited as `event.finalize`.",
        params: staffEventParams,
        querystring: noQuery,
        response: {
          200: ok(staffEventResponse, 'The event after the change'),
          ...userWriteErrors,
          403: errorResponse('Not staff, or CSRF', ['FORBIDDEN']),
          404: errorResponse('No such event', ['NOT_FOUND']),
          409: errorResponse('Not published or view-only, or a lot has not closed yet', ['CONFLICT']),
        },
      },
    },
    async (request) => {
      await staffFinalizeEvent(deps.db, request.user.id, request.params.eventId);
      return { status: 'success' as const, data: await getStaffEvent(deps.db, request.params.eventId) };
    },
  );

  app.post(
    '/marketplace-api/staff/events/:eventId/pause',
    {
      config: access({ ...staff, rateLimit: POLICIES.accountWritesByUser }),
      schema: {
        tags: TAGS,
        summary: 'Staff: pause a published event of any company, with a reason its pages show',
        description: `Until it resumes, every bid, tender, offer, counter-offer, purchase, registration and second-chance acceptance on the event is refused with \`409 ${EVENT_PAUSED}\`, and no lot of it closes or ends. Its registrants, bidders, offerers and tenderers, and the watchers of its lots who keep lot-change mail on, are e-mailed the reason. \`reason\`: 3 to 500 characters. Audited as \`event.pause\`.`,
        params: staffEventParams,
        querystring: noQuery,
        body: staffPauseEventBody,
        response: {
          200: ok(staffEventResponse, 'The event after the change'),
          ...userWriteErrors,
          403: errorResponse('Not staff, or CSRF', ['FORBIDDEN']),
          404: errorResponse('No such event', ['NOT_FOUND']),
          409: errorResponse('The event is not published, or already paused', ['CONFLICT']),
        },
      },
    },
    async (request) => {
      await pauseEvent(deps, request.user.id, request.params.eventId, request.body.reason);
      return { status: 'success' as const, data: await getStaffEvent(deps.db, request.params.eventId) };
    },
  );

  app.post(
    '/marketplace-api/staff/events/:eventId/resume',
    {
      config: access({ ...staff, rateLimit: POLICIES.accountWritesByUser }),
      schema: {
        tags: TAGS,
        summary: 'Staff: resume a paused event; its open lots end later by the paused time',
        description:
          "The end of every lot that was still running when the pause began (and the event's end) moves by the time the event stood paused, by the database clock, so each lot has the time left it had; soft-close extensions and their cap move with it. The same people as the pause are e-mailed the new end times. Audited as `event.resume`.",
        params: staffEventParams,
        querystring: noQuery,
        response: {
          200: ok(staffEventResponse, 'The event after the change'),
          ...userWriteErrors,
          403: errorResponse('Not staff, or CSRF', ['FORBIDDEN']),
          404: errorResponse('No such event', ['NOT_FOUND']),
          409: errorResponse('The event is not paused, or finalized', ['CONFLICT']),
        },
      },
    },
    async (request) => {
      await resumeEvent(deps, request.user.id, request.params.eventId);
      return { status: 'success' as const, data: await getStaffEvent(deps.db, request.params.eventId) };
    },
  );

  app.get(
    '/marketplace-api/events/:eventId/pause',
    {
      config: access({ session: 'optional' }),
      schema: {
        tags: ['events'],
        summary: "An event's pause by the marketplace while it lasts (null when it runs)",
        description:
          'Public: the event and lot pages show "Bidding is paused by the marketplace: <reason>" with the lots\' clocks stopped at `pausedAt`, and no bid, buy, tender or offer action.',
        params: staffEventParams,
        querystring: noQuery,
        response: { 200: ok(eventPauseResponse, 'The pause, or null') },
      },
    },
    async (request) => ({
      status: 'success' as const,
      data: { pause: await openPause(deps.db, request.params.eventId) },
    }),
  );

  app.post(
    '/marketplace-api/staff/lots/:lotId/withdraw',
    {
      config: access({ ...staff, rateLimit: POLICIES.accountWritesByUser }),
      schema: {
        tags: TAGS,
        summary: "Staff: withdraw a scheduled or open lot of any company, with a reason the lot's page shows",
        description:
          'The lot becomes Unsold (bids, offers and purchases are refused from then on) and its page shows "Withdrawn by the marketplace: <reason>". Its bidders and offerers, and its watchers who keep lot-change mail on, are e-mailed the reason; deposit holds of the event that now cover no open lot are released. `reason`: 3 to 500 characters. Audited as `lot.withdraw`.',
        params: staffLotParams,
        querystring: noQuery,
        body: staffWithdrawLotBody,
        response: {
          200: ok(staffWithdrawnLotResponse, 'The withdrawn lot'),
          ...userWriteErrors,
          403: errorResponse('Not staff, or CSRF', ['FORBIDDEN']),
          404: errorResponse('No such lot', ['NOT_FOUND']),
          409: errorResponse('The lot is not scheduled or open (already closed, sold or withdrawn)', ['CONFLICT']),
        },
      },
    },
    async (request) => ({
      status: 'success' as const,
      data: await withdrawLot(deps, request.user.id, request.params.lotId, request.body.reason),
    }),
  );

  app.get(
    '/marketplace-api/lots/:lotId/withdrawal',
    {
      config: access({ session: 'optional' }),
      schema: {
        tags: ['lots'],
        summary: 'Why the marketplace withdrew a lot (null when it did not)',
        description: 'Public: the lot page shows "Withdrawn by the marketplace: <reason>" instead of the bid panel.',
        params: staffLotParams,
        querystring: noQuery,
        response: { 200: ok(lotWithdrawalResponse, 'The withdrawal, or null') },
      },
    },
    async (request) => ({
      status: 'success' as const,
      data: { withdrawal: await readLotWithdrawal(deps.db, request.params.lotId) },
    }),
  );
};
