import {
  passwordResetSentResponse,
  staffUserActivityResponse,
  staffUserParams,
  staffUserPatchBody,
  staffUserResponse,
  staffUsersQuery,
  staffUsersResponse,
} from '@lotline/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../lib/http/access';
import { POLICIES } from '../../lib/http/rate-limit';
import { noQuery, ok, userReadErrors, userWriteErrors } from '../../lib/http/route-schemas';
import { authHeaders } from '../../lib/http/session';
import { errorResponse } from '../../lib/openapi';
import type { IdentityDeps } from '../identity/deps';
import { getStaffUser, listStaffUsers } from './list-users';
import { sendStaffPasswordReset } from './send-password-reset';
import { updateStaffUser } from './update-user';
import { readStaffUserActivity } from './user-activity';

/**
 * Staff user administration (contract §6, decision 0075): search, roles,
 * disable and re-enable, a password reset mail. Staff only; every change is
 * in the audit log.
 */

const TAGS = ['staff'];
const BASE = '/marketplace-api/staff/users';
const STAFF_ONLY = 'Only Lotline staff can manage users.';
const staff = { session: 'required', role: 'staff', forbidden: STAFF_ONLY } as const;
const notFound = { 404: errorResponse('No such user', ['NOT_FOUND']) };

export const staffUsersRoutes: FastifyPluginAsyncZod<IdentityDeps> = async (app, deps) => {
  const { db } = deps;

  app.get(
    BASE,
    {
      config: access(staff),
      schema: {
        tags: TAGS,
        summary: 'Staff: search users by part of an e-mail address or name',
        description: 'Staff only (roles `staff`, `admin`). Ordered by e-mail address.',
        querystring: staffUsersQuery,
        response: {
          200: ok(staffUsersResponse, 'One page'),
          ...userReadErrors,
          403: errorResponse('Not staff', ['FORBIDDEN']),
        },
      },
    },
    async (request) => ({ status: 'success' as const, data: await listStaffUsers(db, request.query) }),
  );

  app.get(
    `${BASE}/:userId`,
    {
      config: access(staff),
      schema: {
        tags: TAGS,
        summary: 'Staff: one user',
        description: 'Staff only (roles `staff`, `admin`).',
        params: staffUserParams,
        querystring: noQuery,
        response: {
          200: ok(staffUserResponse, 'The user'),
          ...userReadErrors,
          403: errorResponse('Not staff', ['FORBIDDEN']),
          ...notFound,
        },
      },
    },
    async (request) => ({
      status: 'success' as const,
      data: { user: await getStaffUser(db, request.params.userId) },
    }),
  );

  app.get(
    `${BASE}/:userId/activity`,
    {
      config: access(staff),
      schema: {
        tags: TAGS,
        summary: "Staff: a user's verification, registrations, bids, orders and conversations",
        description:
          'Staff only. The verification steps as the account page computes them; the newest 20 of each list with its total (bids: the bids the person placed, not the automatic answers for them).',
        params: staffUserParams,
        querystring: noQuery,
        response: {
          200: ok(staffUserActivityResponse, "The user's activity"),
          ...userReadErrors,
          403: errorResponse('Not staff', ['FORBIDDEN']),
          ...notFound,
        },
      },
    },
    async (request) => ({
      status: 'success' as const,
      data: { activity: await readStaffUserActivity(db, request.params.userId) },
    }),
  );

  app.patch(
    `${BASE}/:userId`,
    {
      config: access({ ...staff, rateLimit: POLICIES.accountWritesByUser }),
      schema: {
        tags: TAGS,
        summary: "Staff: disable or re-enable a user, or change the user's roles",
        description:
          '`roles` is the complete new set. Changing roles, and disabling or enabling a staff account, is for admins. Disabling ends every session of the user at once; their sign-in then answers `403 ACCOUNT_DISABLED`. Nobody changes their own record (`403 OWN_RECORD`); the last enabled admin cannot lose the role (`409 LAST_ADMIN`). Audited as `user.disable`, `user.enable`, `user.roles`.',
        params: staffUserParams,
        querystring: noQuery,
        body: staffUserPatchBody,
        response: {
          200: ok(staffUserResponse, 'The user after the change'),
          ...userWriteErrors,
          403: errorResponse('Not staff, not an admin where one is needed, your own record, or CSRF', [
            'FORBIDDEN',
            'OWN_RECORD',
          ]),
          ...notFound,
          409: errorResponse('The last enabled admin would lose the role', ['LAST_ADMIN']),
        },
      },
    },
    async (request) => {
      const user = await updateStaffUser(db, request.user.id, request.params.userId, request.body);
      // The NOTIFY reaches this process too, a moment later: the next request must not find the user cached.
      deps.sessions.dropUser(request.params.userId);
      return { status: 'success' as const, data: { user } };
    },
  );

  app.post(
    `${BASE}/:userId/password-reset`,
    {
      config: access({ ...staff, rateLimit: POLICIES.accountWritesByUser }),
      schema: {
        tags: TAGS,
        summary: 'Staff: send the user the password reset mail',
        description:
          'The same mail and link as the forgotten-password form, within its per-address allowance (over it nothing new is sent and the newest link still works). Audited as `user.password-reset`.',
        params: staffUserParams,
        querystring: noQuery,
        response: {
          202: ok(passwordResetSentResponse, 'Accepted; the mail leaves in the background'),
          ...userWriteErrors,
          403: errorResponse('Not staff, or CSRF', ['FORBIDDEN']),
          ...notFound,
        },
      },
    },
    async (request, reply) => {
      await sendStaffPasswordReset(deps, request.user.id, request.params.userId, authHeaders(request));
      return reply.status(202).send({ status: 'success' as const, data: { sent: true as const } });
    },
  );
};
