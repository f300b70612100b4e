import {
  BID_CODES,
  biddingState,
  EVENT_PAUSED,
  eventLotIdParams,
  placeBidBody,
  placedBid,
  TERMS_CODES,
} from '@lotline/contracts';
import type { Database } from '@lotline/db';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../lib/http/access';
import { idempotencyHeaders } from '../../lib/http/idempotency';
import { noQuery, ok } from '../../lib/http/route-schemas';
import { limitedWrite, writeRateLimited } from '../../lib/http/write-limits';
import type { BidOutcomes } from '../../lib/metrics/metrics';
import { commonErrors, errorResponse } from '../../lib/openapi';
import type { Mailer } from '../mail/mailer';
import { assertTermsAgreed } from '../staff-content/terms-agreement';
import { afterBid } from './after-bid';
import { getBidding } from './get-bidding';
import { placeBid } from './place-bid';

/** The bid panel's two calls (contract §5; BIDDING.md; decision 0035). */

export interface BidsDeps {
  db: Database;
  mailer: Mailer;
  publicOrigin: string;
  /** The app's counters of bid decisions (decision 0095). */
  outcomes: BidOutcomes;
}

const TAGS = ['bidding'];
const LOT = '/marketplace/api/event/event-lots/:eventLotId';
const notFound = errorResponse('No such lot, or not public', ['NOT_FOUND']);

export const bidsRoutes: FastifyPluginAsyncZod<BidsDeps> = async (app, deps) => {
  const { db } = deps;

  app.get(
    `${LOT}/bidding`,
    {
      config: access({ session: 'optional' }),
      schema: {
        tags: TAGS,
        summary:
          "A lot's bidding state: price, minimum bid, increments, presets, the effective end; signed in, your standing",
        description:
          '`presets` lists every preset (minor units); the page offers those at or above `minimumBid`. `you` only with a session: `registered` (approved, deposit held or not required), `biddingStatus` (BIDDING §4), your standing maximum.',
        params: eventLotIdParams,
        querystring: noQuery,
        response: { 200: ok(biddingState, 'The bidding state'), 404: notFound, ...commonErrors },
      },
    },
    async (request) => {
      const data = await getBidding(db, request.params.eventLotId, request.sessionUser?.id ?? null);
      return { status: 'success' as const, data };
    },
  );

  app.post(
    `${LOT}/bids`,
    {
      config: limitedWrite('bid', { beside: true }),
      schema: {
        tags: TAGS,
        summary: 'Place a bid: an amount and an optional maximum the system bids up to (BIDDING §3)',
        description: [
          'Takes an optional `Idempotency-Key` (1–255 characters): a retry with the same key and body answers the first',
          'answer (refusals included) and changes nothing; the same key with another body is 409 `IDEMPOTENCY_KEY_REUSED`.',
          'The leader may only raise their maximum. A bid within the soft-close window extends the lot (BIDDING §5).',
        ].join(' '),
        params: eventLotIdParams,
        headers: idempotencyHeaders,
        querystring: noQuery,
        body: placeBidBody,
        response: {
          ...writeRateLimited,
          201: ok(placedBid, 'The bid, and the lot as this bid left it'),
          401: errorResponse('No session', ['UNAUTHENTICATED']),
          403: errorResponse(
            'Not registered with a usable deposit, your own company’s lot, above your bid limit, your account disabled meanwhile, or another origin',
            [
              BID_CODES.notRegistered,
              'OWN_LOT',
              BID_CODES.bidLimit,
              TERMS_CODES.notAgreed,
              'ACCOUNT_DISABLED',
              'FORBIDDEN',
            ],
          ),
          404: notFound,
          409: errorResponse(
            'Lot not open (or its effective end passed), its event paused by the marketplace, bid below the minimum, maximum not above yours, key reused',
            [BID_CODES.lotNotOpen, EVENT_PAUSED, BID_CODES.bidTooLow, BID_CODES.maxBelowCurrent, BID_CODES.keyReused],
          ),
          503: errorResponse('Too many bids wait for this lot; Retry-After says when to try again (nothing placed)', [
            BID_CODES.lotBusy,
          ]),
          ...commonErrors,
        },
      },
    },
    async (request, reply) => {
      // A retry of a bid already answered answers as before, even after a new Terms version (decision 0084).
      const key = request.headers['idempotency-key'];
      // The rate limit (429 first) and the Terms of Use are checked while the bid waits in its lot's queue in
      // its order of arrival: sent one after the other, two bids reach the lot in that order.
      const terms = assertTermsAgreed(db, request.user.id, key);
      terms.catch(() => {});
      const { answer, effects } = await placeBid(db, {
        userId: request.user.id,
        lotId: request.params.eventLotId,
        body: request.body,
        idempotencyKey: key,
        notify: { mailer: deps.mailer, publicOrigin: deps.publicOrigin },
        outcomes: deps.outcomes,
        ready: request.rateLimitHit.then(() => terms),
      });
      if (effects) await afterBid({ db, log: request.log }, effects);
      return reply.status(answer.status).send(answer.body as never);
    },
  );
};
