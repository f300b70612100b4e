import {
  acceptInvitationBody,
  acceptInvitationResponse,
  COMPANY_CODES,
  declineInvitationBody,
  declineInvitationResponse,
  invitationResponse,
  invitationTokenQuery,
} from '@lotline/contracts';
import type { Database } from '@lotline/db';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { noQuery, ok, userReadErrors, userWriteErrors } from '../../lib/http/route-schemas';
import { errorResponse } from '../../lib/openapi';
import { acceptCompanyInvitation, declineCompanyInvitation, getCompanyInvitation } from './accept-company-invitation';
import { read, success, TAGS, write } from './route-parts';

/**
 * An invitation link's routes, for the invited person (decisions 0048, 0068):
 * read it, accept it (join with its role) or decline it.
 */
export const invitationLinkRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const invitationErrors = {
    403: errorResponse(
      'The invitation is for another e-mail address, the account is not activated yet, or sent from another origin',
      ['FORBIDDEN'],
    ),
    404: errorResponse('No such invitation', ['NOT_FOUND']),
    410: errorResponse('Expired, revoked or already used', [COMPANY_CODES.invitationGone]),
  };

  // The token is in the query (GET) or the body (POST), never the path: the request log keeps paths.
  app.get(
    '/marketplace-api/seller/invitations',
    {
      config: read,
      schema: {
        tags: TAGS,
        summary: "An invitation as its link's page shows it (signed in as the invited, activated address)",
        querystring: invitationTokenQuery,
        response: { 200: ok(invitationResponse, 'The invitation'), ...userReadErrors, ...invitationErrors },
      },
    },
    async (request) => success({ invitation: await getCompanyInvitation(db, request.user.id, request.query.token) }),
  );

  app.post(
    '/marketplace-api/seller/invitations/accept',
    {
      config: write,
      schema: {
        tags: TAGS,
        summary: 'Accept an invitation: join the company with its role',
        description:
          "The session's e-mail must be the invited address, and activated. Already a member: 409, the link stays unused.",
        querystring: noQuery,
        body: acceptInvitationBody,
        response: {
          200: ok(acceptInvitationResponse, 'The company joined'),
          ...userWriteErrors,
          ...invitationErrors,
          409: errorResponse('Already a member of the company', [COMPANY_CODES.alreadyMember]),
        },
      },
    },
    async (request) => success(await acceptCompanyInvitation(db, request.user.id, request.body.token)),
  );

  app.post(
    '/marketplace-api/seller/invitations/decline',
    {
      config: write,
      schema: {
        tags: TAGS,
        summary: 'Decline an invitation: nobody joins, and its link stops working',
        description: "The session's e-mail must be the invited address, and activated.",
        querystring: noQuery,
        body: declineInvitationBody,
        response: {
          200: ok(declineInvitationResponse, 'Declined'),
          ...userWriteErrors,
          ...invitationErrors,
        },
      },
    },
    async (request) => {
      await declineCompanyInvitation(db, request.user.id, request.body.token);
      return success({ declined: true as const });
    },
  );
};
