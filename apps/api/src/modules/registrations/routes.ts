import {
  EVENT_PAUSED,
  registration,
  registrationBidLimitBody,
  registrationBody,
  registrationDecisionBody,
  registrationOrNull,
  registrationReview,
} from '@lotline/contracts';
import type { Database } from '@lotline/db';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../lib/http/access';
import { POLICIES } from '../../lib/http/rate-limit';
import { noQuery, ok, userParams, userReadErrors, userWriteErrors } from '../../lib/http/route-schemas';
import { errorResponse } from '../../lib/openapi';
import { requireVisibleEvent } from '../account/bidder-terms';
import type { Mailer } from '../mail/mailer';
import type { PaymentProvider } from '../payments/provider';
import { changeBidLimit } from './change-bid-limit';
import { decideRegistration } from './decide-registration';
import { registerForAuction } from './register-for-auction';
import { findRegistration } from './registration-view';

/**
 * Registration to bid in an event, with its deposit hold (BIDDING §6,
 * contract §5, decision 0037), and staff's decision and bid limit on a
 * registration (the event's seller has the seller console's routes, decision 0098).
 */
export interface RegistrationsDeps {
  db: Database;
  provider: PaymentProvider;
  mailer: Mailer;
  publicOrigin: string;
}

const TAGS = ['registrations'];
const id = z.string().min(1).max(200);
const params = userParams.extend({ auctionId: id });
const idempotencyHeaders = z.looseObject({
  'idempotency-key': z
    .string()
    .min(1, { error: 'The Idempotency-Key must be 1 to 255 characters.' })
    .max(255, { error: 'The Idempotency-Key must be 1 to 255 characters.' })
    .optional(),
});
const noSuchEvent = errorResponse('No such event (or not public)', ['NOT_FOUND']);
const STAFF_ONLY = 'Only Lotline staff can decide registrations here; an event’s seller decides in the seller console.';
const staffWrite = {
  session: 'required',
  role: 'staff',
  forbidden: STAFF_ONLY,
  rateLimit: POLICIES.accountWritesByUser,
} as const;
const staffErrors = {
  ...userWriteErrors,
  403: errorResponse('Not staff, your own registration, or sent from another origin (CSRF)', [
    'FORBIDDEN',
    'OWN_RECORD',
  ]),
  404: errorResponse('No such event or registration', ['NOT_FOUND']),
};

export const registrationsRoutes: FastifyPluginAsyncZod<RegistrationsDeps> = async (app, deps) => {
  const { db } = deps;

  app.get(
    '/marketplace-api/users/:userId/registered-auctions/:auctionId',
    {
      config: access({ session: 'required', userPath: 'read' }),
      schema: {
        tags: TAGS,
        summary: "The user's registration to bid in an event (auction), or null",
        description:
          '`userId` must be the signed-in user; an admin may read any. `deposit` is null when the event asks none; `deposit.status` `failed` means the card refused the deposit (or its renewal): register again to bid.',
        params,
        querystring: noQuery,
        response: { 200: ok(registrationOrNull, 'The registration, or null'), 404: noSuchEvent, ...userReadErrors },
      },
    },
    async (request) => {
      await requireVisibleEvent(db, request.params.auctionId);
      return {
        status: 'success' as const,
        data: await findRegistration(db, request.params.userId, request.params.auctionId),
      };
    },
  );

  app.post(
    '/marketplace-api/users/:userId/registered-auctions/:auctionId',
    {
      config: access({ session: 'required', userPath: 'own', rateLimit: POLICIES.accountWritesByUser }),
      schema: {
        tags: TAGS,
        summary: 'Register to bid in an event; places the bid deposit as a card hold',
        description: [
          '`userId` must be the signed-in user. Checks, in order: the event is public (404), not closed (`EVENT_CLOSED` 409:',
          'finalized, or every lot over), the account is verified (`NOT_VERIFIED` 403), the event’s bidder terms are agreed',
          '(`TERMS_NOT_AGREED` 403). With a deposit, it is held on the card named (default card when absent; none:',
          '`PAYMENT_DECLINED` 402 "Add a card…"); a refused card is `PAYMENT_DECLINED` 402 and stores no registration.',
          'Status `pending` when the event asks the seller’s approval. 201 the first time, 200 when it exists; a registration',
          'whose deposit `failed` is retried with a new hold. `Idempotency-Key` (1-255): the same key and body answer the',
          'first answer, refusals included; another body is `IDEMPOTENCY_KEY_REUSED` 409. `CONFLICT` 409 while another',
          'request of yours is placing this deposit (retry in a moment).',
        ].join(' '),
        params,
        querystring: noQuery,
        headers: idempotencyHeaders,
        body: registrationBody.nullish(),
        response: {
          200: ok(registration, 'Already registered'),
          201: ok(registration, 'Registered'),
          402: errorResponse('No card, or the card refused the deposit hold', ['PAYMENT_DECLINED']),
          ...userWriteErrors,
          403: errorResponse(
            'Another user, not verified, terms not agreed, your own company’s event, or another origin',
            ['FORBIDDEN', 'NOT_VERIFIED', 'TERMS_NOT_AGREED', 'TERMS_OF_USE_NOT_AGREED', 'OWN_LOT'],
          ),
          404: errorResponse('No such event, or no such card of yours', ['NOT_FOUND']),
          409: errorResponse('Event closed or paused, key reused, or a concurrent attempt', [
            'EVENT_CLOSED',
            EVENT_PAUSED,
            'IDEMPOTENCY_KEY_REUSED',
            'CONFLICT',
          ]),
        },
      },
    },
    async (request, reply) => {
      const answer = await registerForAuction(
        { ...deps, log: request.log },
        {
          userId: request.user.id,
          eventId: request.params.auctionId,
          paymentMethodId: request.body?.paymentMethodId,
          idempotencyKey: request.headers['idempotency-key'],
        },
      );
      return reply.status(answer.status).send(answer.body as never);
    },
  );

  app.post(
    '/marketplace-api/staff/registrations/:registrationId/decision',
    {
      config: access(staffWrite),
      schema: {
        tags: ['staff'],
        summary: 'Staff: approve or decline a pending registration',
        description:
          'Lotline staff only (anyone else 403, contract §6; decision 0098). The event’s seller decides through the seller console’s POST `/marketplace-api/seller/events/{eventId}/registrations/{registrationId}/decision`, the same use-case. Declining cancels the deposit hold (`released`). The bidder is e-mailed (a decline with the optional `reason`, not stored). An approval may carry `bidLimit` (minor units of the event’s currency; decision 0080). Audited. The same decision again answers the registration as is (its limit too); the other one is 409.',
        params: z.object({ registrationId: id }),
        querystring: noQuery,
        body: registrationDecisionBody,
        response: {
          200: ok(registrationReview, 'Decided'),
          ...staffErrors,
          409: errorResponse('Already decided the other way', ['CONFLICT']),
        },
      },
    },
    async (request) => {
      const decided = await decideRegistration(deps, request.user.id, request.params.registrationId, request.body);
      return { status: 'success' as const, data: decided };
    },
  );

  app.put(
    '/marketplace-api/staff/registrations/:registrationId/bid-limit',
    {
      config: access(staffWrite),
      schema: {
        tags: ['staff'],
        summary: 'Staff: set, raise, lower or lift (null) a registration’s bid limit',
        description:
          'Lotline staff only (anyone else 403, contract §6; decision 0098; never your own registration: `OWN_RECORD`); the event’s seller uses the seller console’s PUT `/marketplace-api/seller/events/{eventId}/registrations/{registrationId}/bid-limit`. Minor units of the event’s currency. Raising or lifting is always allowed; lowering below the highest maximum the bidder has standing on a lot of the event is 409 with that maximum named, and changes nothing. A declined registration is 409. Audited as `registration.bid-limit` (decision 0080).',
        params: z.object({ registrationId: id }),
        querystring: noQuery,
        body: registrationBidLimitBody,
        response: {
          200: ok(registrationReview, 'The registration with its new limit'),
          ...staffErrors,
          409: errorResponse('Below a standing maximum, or the registration was declined', ['CONFLICT']),
        },
      },
    },
    async (request) => {
      const changed = await changeBidLimit(db, request.user.id, request.params.registrationId, request.body.bidLimit);
      return { status: 'success' as const, data: changed };
    },
  );
};
