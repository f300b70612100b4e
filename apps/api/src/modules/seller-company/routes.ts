import {
  acceptInvitationBody,
  acceptInvitationResponse,
  addMemberBody,
  addMemberResponse,
  COMPANY_CODES,
  companyInvitationParams,
  companyMember,
  companyMemberParams,
  companyMembersResponse,
  companyProfile,
  companyProfileBody,
  companyRemovedResponse,
  invitationResponse,
  invitationTokenQuery,
  memberRoleBody,
  sellerCompaniesResponse,
  sellerCompanyParams,
} from '@lotline/contracts';
import type { Database } from '@lotline/db';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { noQuery, ok, userReadErrors, userWriteErrors } from '../../lib/http/route-schemas';
import { errorResponse } from '../../lib/openapi';
import type { Mailer } from '../mail/mailer';
import type { UploadStorage } from '../uploads/storage';
import { acceptCompanyInvitation, getCompanyInvitation } from './accept-company-invitation';
import { addCompanyMember } from './add-company-member';
import { changeMemberRole } from './change-member-role';
import { companyLocationRoutes } from './company-location-routes';
import { getCompanyProfile, updateCompanyProfile } from './company-profile';
import { listCompanyMembers } from './list-company-members';
import { listSellerCompanies } from './list-seller-companies';
import { removeCompanyMember } from './remove-company-member';
import { revokeCompanyInvitation } from './revoke-company-invitation';
import { notYours, ownerOnly, read, reading, success, TAGS, write, writing } from './route-parts';

/**
 * The seller console's company (issue 16; decision 0048): the user's
 * companies, the public profile, members and invitations. Every route goes
 * through `requireCompanyRole` (the seam of `sellers/company-access.ts`):
 * 401 without a session, 403 for a buyer or another company's user (and for
 * staff on an owner's action), 404 for an unknown id.
 */

export interface SellerCompanyDeps {
  db: Database;
  mailer: Mailer;
  publicOrigin: string;
  storage: UploadStorage;
}

export const sellerCompanyRoutes: FastifyPluginAsyncZod<SellerCompanyDeps> = async (app, deps) => {
  const { db } = deps;
  const base = '/marketplace-api/seller/companies/:companyId';

  app.get(
    '/marketplace-api/seller/companies',
    {
      config: read,
      schema: {
        tags: TAGS,
        summary: 'The companies the signed-in user answers for, with their role (owner or staff)',
        querystring: noQuery,
        response: { 200: ok(sellerCompaniesResponse, 'The companies'), ...userReadErrors, 403: notYours },
      },
    },
    async (request) => success(await listSellerCompanies(db, request.user.id)),
  );

  app.get(
    base,
    {
      config: read,
      schema: {
        tags: TAGS,
        summary: "The company's public profile: display name, description, logo",
        params: sellerCompanyParams,
        querystring: noQuery,
        response: { 200: ok(companyProfile, 'The profile'), ...reading },
      },
    },
    async (request) => success(await getCompanyProfile(db, request.user.id, request.params.companyId)),
  );

  app.put(
    base,
    {
      config: write,
      schema: {
        tags: TAGS,
        summary: "Change the company's public profile (owners and staff)",
        description:
          'The seller page shows the change at once. `logoKey`: an image uploaded by this user through ' +
          'GET /ars/api/file-upload (application `marketplace`), which becomes publicly readable; null removes the ' +
          'logo; absent keeps it.',
        params: sellerCompanyParams,
        querystring: noQuery,
        body: companyProfileBody,
        response: { 200: ok(companyProfile, 'The saved profile'), ...writing },
      },
    },
    async (request) =>
      success(await updateCompanyProfile(deps, request.user.id, request.params.companyId, request.body)),
  );

  app.get(
    `${base}/members`,
    {
      config: read,
      schema: {
        tags: TAGS,
        summary: "The company's members (owners first) and open invitations",
        params: sellerCompanyParams,
        querystring: noQuery,
        response: { 200: ok(companyMembersResponse, 'Members and invitations'), ...reading },
      },
    },
    async (request) => success(await listCompanyMembers(db, request.user.id, request.params.companyId)),
  );

  app.post(
    `${base}/members`,
    {
      config: write,
      schema: {
        tags: TAGS,
        summary: 'Add a member by e-mail (owners only)',
        description:
          'A user with that e-mail joins at once (and gets the seller role) and is told by e-mail; any other address ' +
          'is e-mailed an invitation link valid for 14 days (replacing an earlier unanswered one).',
        params: sellerCompanyParams,
        querystring: noQuery,
        body: addMemberBody,
        response: {
          201: ok(addMemberResponse, 'Added, or invited'),
          ...writing,
          403: ownerOnly,
          409: errorResponse('Already a member', [COMPANY_CODES.alreadyMember]),
        },
      },
    },
    async (request, reply) => {
      const answer = await addCompanyMember(deps, request.user.id, request.params.companyId, request.body);
      return reply.status(201).send(success(answer));
    },
  );

  // `:memberId`, not `:userId`: that name means "the signed-in user" on every route (decision 0033).
  app.delete(
    `${base}/members/:memberId`,
    {
      config: write,
      schema: {
        tags: TAGS,
        summary: 'Remove a member (owners only)',
        description:
          'The person keeps their account; they lose the company, and the seller role when it was their last company.',
        params: companyMemberParams,
        querystring: noQuery,
        response: {
          200: ok(companyRemovedResponse, 'Removed'),
          ...writing,
          403: ownerOnly,
          404: errorResponse('No such company, or not a member of it', ['NOT_FOUND']),
          409: errorResponse('The last owner cannot be removed', [COMPANY_CODES.lastOwner]),
        },
      },
    },
    async (request) => {
      const { companyId, memberId } = request.params;
      await removeCompanyMember(db, request.user.id, companyId, memberId);
      return success({ removed: true as const });
    },
  );

  app.put(
    `${base}/members/:memberId`,
    {
      config: write,
      schema: {
        tags: TAGS,
        summary: "Change a member's role to owner or staff (owners only)",
        description: 'The last owner cannot become staff: make another member an owner first.',
        params: companyMemberParams,
        querystring: noQuery,
        body: memberRoleBody,
        response: {
          200: ok(z.object({ member: companyMember }), 'The member with the new role'),
          ...writing,
          403: ownerOnly,
          404: errorResponse('No such company, or not a member of it', ['NOT_FOUND']),
          409: errorResponse('The last owner cannot become staff', [COMPANY_CODES.lastOwner]),
        },
      },
    },
    async (request) => {
      const { companyId, memberId } = request.params;
      return success(await changeMemberRole(db, request.user.id, companyId, memberId, request.body.role));
    },
  );

  app.delete(
    `${base}/invitations/:invitationId`,
    {
      config: write,
      schema: {
        tags: TAGS,
        summary: 'Revoke an open invitation (owners only)',
        params: companyInvitationParams,
        querystring: noQuery,
        response: {
          200: ok(companyRemovedResponse, 'Revoked'),
          ...writing,
          403: ownerOnly,
          404: errorResponse('No such company, or no such open invitation of it', ['NOT_FOUND']),
        },
      },
    },
    async (request) => {
      const { companyId, invitationId } = request.params;
      await revokeCompanyInvitation(db, request.user.id, companyId, invitationId);
      return success({ removed: true as const });
    },
  );

  await app.register(companyLocationRoutes, { db });

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
};
