import {
  COMPANY_CODES,
  companyInvitationParams,
  companyMember,
  companyMemberParams,
  companyMembersResponse,
  companyProfile,
  companyProfileBody,
  companyRemovedResponse,
  INVITATION_DAYS,
  inviteMemberBody,
  inviteMemberResponse,
  memberRoleBody,
  sellerCompaniesResponse,
  sellerCompanyParams,
} from '@lotline/contracts';
import type { Database } from '@lotline/db';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { noQuery, ok, userReadErrors } from '../../lib/http/route-schemas';
import { errorResponse } from '../../lib/openapi';
import type { Mailer } from '../mail/mailer';
import type { UploadStorage } from '../uploads/storage';
import { changeMemberRole } from './change-member-role';
import { companyLocationRoutes } from './company-location-routes';
import { getCompanyProfile, updateCompanyProfile } from './company-profile';
import { invitationLinkRoutes } from './invitation-link-routes';
import { inviteCompanyMember } from './invite-company-member';
import { listCompanyMembers } from './list-company-members';
import { listSellerCompanies } from './list-seller-companies';
import { removeCompanyMember } from './remove-company-member';
import { revokeCompanyInvitation } from './revoke-company-invitation';
import { notYours, ownerOnly, read, reading, success, TAGS, write, writing } from './route-parts';

/**
 * The seller console's company (issue 16; decision 0048): the user's
 * companies, the public profile, members and invitations (by invitation
 * only: a person joins by accepting, decision 0068). Every route goes
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
    `${base}/invitations`,
    {
      config: write,
      schema: {
        tags: TAGS,
        summary: 'Invite a person by e-mail (owners only); they join only when they accept',
        description:
          'The answer is the same for every address: it never says whether the address has an account. The address ' +
          `is e-mailed a link valid for ${INVITATION_DAYS} days (an account holder accepts or declines; any other ` +
          'address is asked to sign up first), replacing an earlier unanswered invitation. An address of a member ' +
          'of the company is refused (409): the owner already sees the members.',
        params: sellerCompanyParams,
        querystring: noQuery,
        body: inviteMemberBody,
        response: {
          201: ok(inviteMemberResponse, 'Invited'),
          ...writing,
          403: ownerOnly,
          409: errorResponse('A member of the company has this address', [COMPANY_CODES.alreadyMember]),
        },
      },
    },
    async (request, reply) => {
      const answer = await inviteCompanyMember(deps, request.user.id, request.params.companyId, request.body);
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
  await app.register(invitationLinkRoutes, { db });
};
