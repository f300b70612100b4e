import {
  registrationBidLimitBody,
  sellerBidsQuery,
  sellerBidsResponse,
  sellerDecisionBody,
  sellerLiveResponse,
  sellerRegistration,
  sellerRegistrationsQuery,
  sellerRegistrationsResponse,
  sellerRunDecisionParams,
  sellerRunEventParams,
} from '@lotline/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../lib/http/access';
import { noQuery, ok } from '../../lib/http/route-schemas';
import { limitedWrite } from '../../lib/http/write-limits';
import { commonErrors, errorResponse } from '../../lib/openapi';
import type { DecideDeps } from '../registrations/decide-registration';
import { changeEventBidLimit, decideEventRegistration } from './decide-event-registration';
import { listEventBids } from './list-event-bids';
import { listEventRegistrations } from './list-event-registrations';
import { readLiveTable } from './read-live-table';

/** Running an event in the seller console (issue 16; decision 0052): thin handlers over one use-case each. */

const TAGS = ['seller'];
const EVENT = '/marketplace-api/seller/events/:eventId';
const errors = {
  401: errorResponse('No session', ['UNAUTHENTICATED']),
  403: errorResponse('Not a user of the company the event belongs to, or another origin', ['FORBIDDEN']),
  ...commonErrors,
  404: errorResponse('No such event', ['NOT_FOUND']),
};
const success = <T>(data: T) => ({ status: 'success' as const, data });
const PRIVACY = 'Never card details, a bidder’s maximum, or a tender amount.';

export const sellerRunRoutes: FastifyPluginAsyncZod<DecideDeps> = async (app, deps) => {
  const { db } = deps;

  app.get(
    `${EVENT}/registrations`,
    {
      config: access({ session: 'required' }),
      schema: {
        tags: TAGS,
        summary: "One of your events' registrations to bid, pending first, with each bidder's verification",
        description: [
          '`verification.verified` is the account’s verification (spec §4: a card, a billing and a shipping address,',
          'an activated e-mail, and for a reseller a tax exemption); `activated` the e-mail activation alone.',
          PRIVACY,
        ].join(' '),
        params: sellerRunEventParams,
        querystring: sellerRegistrationsQuery,
        response: { 200: ok(sellerRegistrationsResponse, 'A page of registrations'), ...errors },
      },
    },
    async (request) =>
      success(await listEventRegistrations(db, request.user.id, request.params.eventId, request.query)),
  );

  app.post(
    `${EVENT}/registrations/:registrationId/decision`,
    {
      config: limitedWrite('seller'),
      schema: {
        tags: TAGS,
        summary: 'Approve or decline a pending registration of one of your events',
        description: [
          'The same use-case as the staff route (which only staff may call, decision 0098). Declining cancels the deposit hold (`released`); the bidder is',
          'e-mailed, with the `reason` when one is given (it is not stored). The same decision again answers the',
          'registration as is; the other one is 409. A registration of another event is 404.',
        ].join(' '),
        params: sellerRunDecisionParams,
        querystring: noQuery,
        body: sellerDecisionBody,
        response: {
          200: ok(sellerRegistration, 'Decided'),
          ...errors,
          403: errorResponse('Not a user of the event’s company, your own registration, or another origin', [
            'FORBIDDEN',
            'OWN_RECORD',
          ]),
          404: errorResponse('No such event, or no such registration of it', ['NOT_FOUND']),
          409: errorResponse('Already decided the other way', ['CONFLICT']),
          429: errorResponse('Too many changes; Retry-After says when to try again', ['RATE_LIMITED']),
        },
      },
    },
    async (request) =>
      success(
        await decideEventRegistration(
          deps,
          request.user.id,
          request.params.eventId,
          request.params.registrationId,
          request.body,
        ),
      ),
  );

  app.put(
    `${EVENT}/registrations/:registrationId/bid-limit`,
    {
      config: limitedWrite('seller'),
      schema: {
        tags: TAGS,
        summary: 'Set, raise, lower or lift (null) the bid limit of a registration of one of your events',
        description: [
          'The same use-case as the staff route (decision 0080, 0098). Minor units of the event’s currency. Raising',
          'or lifting is always allowed; lowering below the highest maximum the bidder has standing on a lot of the',
          'event is 409 with that maximum named, and changes nothing. A declined registration is 409; a registration',
          'of another event 404. Audited as `registration.bid-limit`.',
        ].join(' '),
        params: sellerRunDecisionParams,
        querystring: noQuery,
        body: registrationBidLimitBody,
        response: {
          200: ok(sellerRegistration, 'The registration with its new limit'),
          ...errors,
          403: errorResponse('Not a user of the event’s company, your own registration, or another origin', [
            'FORBIDDEN',
            'OWN_RECORD',
          ]),
          404: errorResponse('No such event, or no such registration of it', ['NOT_FOUND']),
          409: errorResponse('Below a standing maximum, or the registration was declined', ['CONFLICT']),
          429: errorResponse('Too many changes; Retry-After says when to try again', ['RATE_LIMITED']),
        },
      },
    },
    async (request) =>
      success(
        await changeEventBidLimit(
          deps,
          request.user.id,
          request.params.eventId,
          request.params.registrationId,
          request.body.bidLimit,
        ),
      ),
  );

  app.get(
    `${EVENT}/bids`,
    {
      config: access({ session: 'required' }),
      schema: {
        tags: TAGS,
        summary: "Every bid on one of your events' lots, newest first, with the public pseudonym and the real bidder",
        description: `\`lotId\` narrows to one lot of the event (404 for a lot of another event). ${PRIVACY}`,
        params: sellerRunEventParams,
        querystring: sellerBidsQuery,
        response: {
          200: ok(sellerBidsResponse, 'A page of bids'),
          ...errors,
          404: errorResponse('No such event, or no such lot of it', ['NOT_FOUND']),
        },
      },
    },
    async (request) => success(await listEventBids(db, request.user.id, request.params.eventId, request.query)),
  );

  app.get(
    `${EVENT}/live`,
    {
      config: access({ session: 'required' }),
      schema: {
        tags: TAGS,
        summary: 'The live table of one of your events: per lot price, bids, status, end, reserve met, high bidder',
        description: `\`serverTime\` is the database clock. ${PRIVACY}`,
        params: sellerRunEventParams,
        querystring: noQuery,
        response: { 200: ok(sellerLiveResponse, 'Every lot of the event, in its order'), ...errors },
      },
    },
    async (request) => success(await readLiveTable(db, request.user.id, request.params.eventId)),
  );
};
