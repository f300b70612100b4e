import {
  address,
  addressBody,
  addressDeletedResponse,
  addressesResponse,
  bidderTermsAgreement,
  bidderTermsQuery,
  bidderTermsResponse,
  USER_VAR_KEYS,
  userVar,
  userVarBody,
  userVarKeyParam,
  userVarsResponse,
  verificationState,
} from '@lotline/contracts';
import type { Database } from '@lotline/db';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../lib/http/access';
import { POLICIES } from '../../lib/http/rate-limit';
import { noQuery, ok, userParams, userReadErrors, userWriteErrors } from '../../lib/http/route-schemas';
import { errorResponse } from '../../lib/openapi';
import { addAddress } from './add-address';
import { agreeBidderTerms } from './agree-bidder-terms';
import { deleteAddress } from './delete-address';
import { listAddresses } from './list-addresses';
import { listBidderTerms } from './list-bidder-terms';
import { listUserVars } from './list-user-vars';
import { setUserVar } from './set-user-var';
import { updateAddress } from './update-address';
import { computeVerification } from './verification';

/**
 * The account area's `{userId}` endpoints (contract §3, §4): user vars,
 * addresses, bidder terms and the verification state. `{userId}` must be the
 * signed-in user (contract §1); an admin may read any user.
 */

const TAGS = ['account'];
const addressParams = userParams.extend({ addressId: z.string().min(1).max(200) });
const varParams = userParams.extend({ key: userVarKeyParam });
const READ_NOTE = '`userId` must be the signed-in user; staff with the admin role may read any user.';
const WRITE_NOTE = '`userId` must be the signed-in user.';

const reading = userReadErrors;
const writing = userWriteErrors;

export const accountRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/marketplace-api/users/:userId/vars',
    {
      config: access({ session: 'required', userPath: 'read' }),
      schema: {
        tags: TAGS,
        summary: "The user's vars (spec §3 keys)",
        description: `${READ_NOTE} \`buyer_persona\` is always listed; unset, it is "Personal/Business End User".`,
        params: userParams,
        querystring: noQuery,
        response: { 200: ok(userVarsResponse, 'The vars, in the order of the spec'), ...reading },
      },
    },
    async (request) => {
      return { status: 'success' as const, data: { data: await listUserVars(db, request.params.userId) } };
    },
  );

  app.put(
    '/marketplace-api/users/:userId/vars/:key',
    {
      config: access({ session: 'required', userPath: 'read', rateLimit: POLICIES.accountWritesByUser }),
      schema: {
        tags: TAGS,
        summary: 'Set one user var',
        description: [
          `Keys: ${USER_VAR_KEYS.join(', ')}; any other key is 400.`,
          'Values: `buyer_persona` "Personal/Business End User" or "Reseller"; `skip-tax-exemption`,',
          '`auction-sms-notification` and `pin-carousel` booleans; `notification_settings` an object of',
          'setting names to booleans; `signup_company_name` text up to 200 characters; `timezone` an IANA',
          'zone name. `skip-tax-exemption` waives the reseller step of verification, so only an admin may',
          "set it (on any user); the other keys are the signed-in user's own. Recomputes `verified`.",
        ].join(' '),
        params: varParams,
        querystring: noQuery,
        body: userVarBody,
        response: {
          200: ok(userVar, 'Stored'),
          ...writing,
          403: errorResponse('Another user, a staff-only key, or another origin', ['FORBIDDEN']),
          404: errorResponse('No such user (admins only)', ['NOT_FOUND']),
        },
      },
    },
    async (request) => {
      const { userId, key } = request.params;
      return { status: 'success' as const, data: await setUserVar(db, request.user, userId, key, request.body.value) };
    },
  );

  app.get(
    '/marketplace-api/users/:userId/addresses',
    {
      config: access({ session: 'required', userPath: 'read' }),
      schema: {
        tags: TAGS,
        summary: "The user's billing and shipping addresses",
        description: READ_NOTE,
        params: userParams,
        querystring: noQuery,
        response: { 200: ok(addressesResponse, 'Oldest first'), ...reading },
      },
    },
    async (request) => {
      return { status: 'success' as const, data: await listAddresses(db, request.params.userId) };
    },
  );

  app.post(
    '/marketplace-api/users/:userId/addresses',
    {
      config: access({ session: 'required', userPath: 'own', rateLimit: POLICIES.accountWritesByUser }),
      schema: {
        tags: TAGS,
        summary: 'Add an address',
        description: `${WRITE_NOTE} \`region\` must be a state of the US or a province or territory of Canada (the code, e.g. TX, ON) matching \`country\`; \`postalCode\` a US ZIP (77002 or 77002-1234) or a Canadian postal code (K1A 0B1). At most 20 addresses. Recomputes \`verified\`.`,
        params: userParams,
        querystring: noQuery,
        body: addressBody,
        response: {
          201: ok(address, 'Added'),
          409: errorResponse('Already at the maximum number of addresses', ['CONFLICT']),
          ...writing,
        },
      },
    },
    async (request, reply) => {
      const created = await addAddress(db, request.user.id, request.body);
      return reply.status(201).send({ status: 'success' as const, data: created });
    },
  );

  app.put(
    '/marketplace-api/users/:userId/addresses/:addressId',
    {
      config: access({ session: 'required', userPath: 'own', rateLimit: POLICIES.accountWritesByUser }),
      schema: {
        tags: TAGS,
        summary: 'Replace an address',
        description: `${WRITE_NOTE} The same rules as adding. Recomputes \`verified\`.`,
        params: addressParams,
        querystring: noQuery,
        body: addressBody,
        response: {
          200: ok(address, 'Replaced'),
          404: errorResponse('No such address of this user', ['NOT_FOUND']),
          ...writing,
        },
      },
    },
    async (request) => {
      const updated = await updateAddress(db, request.user.id, request.params.addressId, request.body);
      return { status: 'success' as const, data: updated };
    },
  );

  app.delete(
    '/marketplace-api/users/:userId/addresses/:addressId',
    {
      config: access({ session: 'required', userPath: 'own', rateLimit: POLICIES.accountWritesByUser }),
      schema: {
        tags: TAGS,
        summary: 'Remove an address',
        description: `${WRITE_NOTE} Recomputes \`verified\`.`,
        params: addressParams,
        querystring: noQuery,
        response: {
          200: ok(addressDeletedResponse, 'Removed'),
          404: errorResponse('No such address of this user', ['NOT_FOUND']),
          ...writing,
        },
      },
    },
    async (request) => {
      await deleteAddress(db, request.user.id, request.params.addressId);
      return { status: 'success' as const, data: { deleted: true as const } };
    },
  );

  app.get(
    '/marketplace-api/users/:userId/bidder-terms',
    {
      config: access({ session: 'required', userPath: 'read' }),
      schema: {
        tags: TAGS,
        summary: "The user's agreements to the bidder terms in force",
        description: `${READ_NOTE} With \`eventId\`, the agreements to that event's terms, else to the site-wide terms. A non-empty list means agreed.`,
        params: userParams,
        querystring: bidderTermsQuery,
        response: {
          200: ok(bidderTermsResponse, 'Agreements (at most one per event and version)'),
          404: errorResponse('No such event', ['NOT_FOUND']),
          ...reading,
        },
      },
    },
    async (request) => {
      return {
        status: 'success' as const,
        data: await listBidderTerms(db, request.params.userId, request.query.eventId),
      };
    },
  );

  app.post(
    '/marketplace-api/users/:userId/bidder-terms',
    {
      config: access({ session: 'required', userPath: 'own', rateLimit: POLICIES.accountWritesByUser }),
      schema: {
        tags: TAGS,
        summary: 'Agree to the bidder terms (site-wide, or of the event `eventId`)',
        description: `${WRITE_NOTE} No body. Idempotent: agreeing again answers 200 with the first agreement.`,
        params: userParams,
        querystring: bidderTermsQuery,
        response: {
          200: ok(bidderTermsAgreement, 'Already agreed: the first agreement'),
          201: ok(bidderTermsAgreement, 'Agreed'),
          404: errorResponse('No such event', ['NOT_FOUND']),
          ...writing,
        },
      },
    },
    async (request, reply) => {
      const { agreement, created } = await agreeBidderTerms(db, request.user.id, request.query.eventId);
      return reply.status(created ? 201 : 200).send({ status: 'success' as const, data: agreement });
    },
  );

  app.get(
    '/marketplace-api/users/:userId/verification',
    {
      config: access({ session: 'required', userPath: 'read' }),
      schema: {
        tags: TAGS,
        summary: 'Which verification steps the user has completed (spec §3, §4)',
        description: `${READ_NOTE} \`verified\` is the stored flag that \`users/me\` shows.`,
        params: userParams,
        querystring: noQuery,
        response: {
          200: ok(verificationState, 'The steps'),
          404: errorResponse('No such user (admins only)', ['NOT_FOUND']),
          ...reading,
        },
      },
    },
    async (request) => {
      return { status: 'success' as const, data: await computeVerification(db, request.params.userId) };
    },
  );
};
