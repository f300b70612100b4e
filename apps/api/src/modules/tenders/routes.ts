import {
  awardAnswer,
  awardBody,
  BID_CODES,
  EVENT_PAUSED,
  eventLotIdParams,
  ownTenderAnswer,
  REGISTRATION_CODES,
  sellerTenderLots,
  tender,
  tenderBody,
} from '@lotline/contracts';
import { eventLots } from '@lotline/db/schema';
import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors';
import { access } from '../../lib/http/access';
import { idempotencyHeaders } from '../../lib/http/idempotency';
import { noQuery, ok } from '../../lib/http/route-schemas';
import { limitedWrite, writeRateLimited } from '../../lib/http/write-limits';
import { commonErrors, errorResponse } from '../../lib/openapi';
import { readOwnTender } from '../bidding/sealed-tenders';
import { publicLotCondition } from '../lots/visibility';
import { type AwardDeps, awardTender } from './award-tender';
import { listSellerTenders } from './list-seller-tenders';
import { putTender } from './put-tender';

/** Sealed tenders (contract §5, issue 15; decision 0047): the tenderer's PUT and GET, the seller's list and award. */

const TAGS = ['tenders'];
const LOT = '/marketplace/api/event/event-lots/:eventLotId';
const noSession = errorResponse('No session', ['UNAUTHENTICATED']);
const notFound = errorResponse('No such lot, or not public', ['NOT_FOUND']);
const keyText =
  'Takes an optional `Idempotency-Key` (1–255 characters): a retry with the same key and body answers the first answer.';

export const tendersRoutes: FastifyPluginAsyncZod<AwardDeps> = async (app, deps) => {
  const { db } = deps;

  app.get(
    `${LOT}/tender`,
    {
      config: access({ session: 'required' }),
      schema: {
        tags: TAGS,
        summary: 'Your own tender on a lot, or null; nobody else’s, ever',
        params: eventLotIdParams,
        querystring: noQuery,
        response: { 200: ok(ownTenderAnswer, 'Your tender, or null'), 401: noSession, 404: notFound, ...commonErrors },
      },
    },
    async (request) => {
      const { eventLotId } = request.params;
      const [lot] = await db
        .select({ id: eventLots.id })
        .from(eventLots)
        .where(and(eq(eventLots.id, eventLotId), publicLotCondition()));
      if (!lot) throw AppError.notFound('No such lot.');
      const own = await readOwnTender(db, eventLotId, request.user.id);
      const data = own && { amount: own.amount, updatedAt: own.updatedAt.toISOString(), outcome: own.outcome };
      return { status: 'success' as const, data: { tender: data } };
    },
  );

  app.put(
    `${LOT}/tender`,
    {
      config: limitedWrite('trade'),
      schema: {
        tags: TAGS,
        summary: 'Submit or replace your sealed tender on an open tender lot (contract §5)',
        description: [
          'One tender per bidder and lot, replaced until the close (database clock). The bidder must be verified and',
          'registered for the event (approved, deposit held or not required). Nobody else can read the amount',
          `before the close. ${keyText}`,
        ].join(' '),
        params: eventLotIdParams,
        headers: idempotencyHeaders,
        querystring: noQuery,
        body: tenderBody,
        response: {
          ...writeRateLimited,
          200: ok(z.object({ tender }), 'Your tender as stored'),
          401: noSession,
          403: errorResponse(
            'Not verified, not registered with a usable deposit, your own company’s lot, or another origin',
            [REGISTRATION_CODES.notVerified, BID_CODES.notRegistered, 'OWN_LOT', 'FORBIDDEN'],
          ),
          404: notFound,
          409: errorResponse(
            'Not a tender lot, or not open (before its start or after its close), its event paused; key reused',
            [BID_CODES.lotNotOpen, EVENT_PAUSED, BID_CODES.keyReused],
          ),
          ...commonErrors,
        },
      },
    },
    async (request, reply) => {
      const answer = await putTender(deps, {
        userId: request.user.id,
        lotId: request.params.eventLotId,
        body: request.body,
        idempotencyKey: request.headers['idempotency-key'],
      });
      return reply.status(answer.status).send(answer.body as never);
    },
  );

  app.get(
    '/marketplace-api/seller/tenders',
    {
      config: access({ session: 'required' }),
      schema: {
        tags: TAGS,
        summary: 'The tender lots of your companies: counts before the close, every tender after it',
        description:
          'For seller users of the lots’ companies. `phase`: `open` (sealed: `tenders` is empty), `awaiting-award` (every tender with its amount, bidder and time; award by `awardBy`), `decided`.',
        querystring: noQuery,
        response: {
          200: ok(sellerTenderLots, 'The tender lots, latest end first (at most 200)'),
          401: noSession,
          403: errorResponse('Not a seller user', ['FORBIDDEN']),
          ...commonErrors,
        },
      },
    },
    async (request) => ({ status: 'success' as const, data: { lots: await listSellerTenders(db, request.user.id) } }),
  );

  app.post(
    '/marketplace-api/seller/lots/:eventLotId/award',
    {
      config: limitedWrite('seller'),
      schema: {
        tags: TAGS,
        summary: 'Award a closed tender lot to one tender, or to none, within its award window',
        description: [
          'A tender: the lot is sold and an order is created at the tender amount, then charged to the buyer’s default',
          'card. `null`: no award, the lot is unsold. Every tenderer is e-mailed the outcome.',
          keyText,
        ].join(' '),
        params: eventLotIdParams,
        headers: idempotencyHeaders,
        querystring: noQuery,
        body: awardBody,
        response: {
          ...writeRateLimited,
          200: ok(awardAnswer, 'Decided'),
          401: noSession,
          403: errorResponse('Not a seller user of the lot’s company, or another origin', ['FORBIDDEN']),
          404: errorResponse('Not a tender lot of your company, or no such tender on it', ['NOT_FOUND']),
          409: errorResponse('Not closed yet, already decided, or the award window passed; key reused', [
            'CONFLICT',
            BID_CODES.keyReused,
          ]),
          ...commonErrors,
        },
      },
    },
    async (request, reply) => {
      const answer = await awardTender(deps, {
        userId: request.user.id,
        lotId: request.params.eventLotId,
        tenderId: request.body.tenderId,
        idempotencyKey: request.headers['idempotency-key'],
      });
      return reply.status(answer.status).send(answer.body as never);
    },
  );
};
