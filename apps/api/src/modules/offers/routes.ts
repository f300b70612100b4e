import {
  counterBody,
  EVENT_PAUSED,
  eventLotIdParams,
  type FeatureFlag,
  myOffersQuery,
  OFFER_CODES,
  offerBody,
  offerIdParams,
  offerResponse,
  offersResponse,
  sellerOffersQuery,
  userOfferParams,
} from '@lotline/contracts';
import type { Database } from '@lotline/db';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../lib/http/access';
import { idempotencyHeaders } from '../../lib/http/idempotency';
import { noQuery, ok, userParams, userReadErrors, userWriteErrors } from '../../lib/http/route-schemas';
import { limitedWrite } from '../../lib/http/write-limits';
import { errorResponse } from '../../lib/openapi';
import type { Mailer } from '../mail/mailer';
import type { PaymentProvider } from '../payments/provider';
import { acceptOffer } from './accept-offer';
import { counterOffer, declineCounter, declineOffer, withdrawOffer } from './answer-offer';
import { listMyOffers, listSellerOffers } from './list-offers';
import { makeOffer } from './make-offer';

/**
 * Best offers (contract §5; issue 15; decision 0046): the buyer's offer on a
 * lot, the buyer's list and answers (accept or decline a counter, withdraw),
 * and the seller's list and answers (accept, decline, counter). Only the
 * company's seller users see and answer its offers; anyone else gets 404.
 */

export interface OffersDeps {
  db: Database;
  mailer: Mailer;
  publicOrigin: string;
  provider: PaymentProvider;
  featureOverrides: Partial<Record<FeatureFlag, boolean>>;
}

const TAGS = ['offers'];
const KEY =
  'Takes an optional `Idempotency-Key` (1–255 characters): a retry with the same key and body answers the first answer and changes nothing.';
const noOffer = errorResponse('No such offer, or not yours to answer', ['NOT_FOUND']);
const closed = errorResponse('The offer was answered, withdrawn or expired', [OFFER_CODES.offerClosed]);
const { 403: _another, ...signedIn } = userWriteErrors;
const write = limitedWrite('trade');
const ownWrite = limitedWrite('trade', { userPath: 'own' });
const stockGone = errorResponse('Offer closed, lot no longer for sale, or not enough units left', [
  OFFER_CODES.offerClosed,
  OFFER_CODES.lotNotOpen,
  EVENT_PAUSED,
  OFFER_CODES.outOfStock,
  OFFER_CODES.keyReused,
]);
const success = (data: unknown) => ({ status: 'success' as const, data: data as never });

export const offersRoutes: FastifyPluginAsyncZod<OffersDeps> = async (app, deps) => {
  const { db } = deps;
  const acceptDeps = { ...deps, log: app.log };
  const buyerOffer = '/marketplace-api/users/:userId/offers/:offerId';
  const sellerOffer = '/marketplace-api/seller/offers/:offerId';

  app.post(
    '/marketplace/api/event/event-lots/:eventLotId/offers',
    {
      config: write,
      schema: {
        tags: TAGS,
        summary: 'Make a best offer on a Buy Now item: a price per unit below its Buy Now price',
        description: `${KEY} One open offer per buyer and lot (answered, withdrawn or expired first), at most 3 per lot in all. The offer expires 48 hours later.`,
        params: eventLotIdParams,
        headers: idempotencyHeaders,
        querystring: noQuery,
        body: offerBody,
        response: {
          201: ok(offerResponse, 'The offer'),
          ...signedIn,
          403: errorResponse('Not verified, your own company’s lot, or sent from another origin', [
            OFFER_CODES.notVerified,
            'OWN_LOT',
            'FORBIDDEN',
          ]),
          404: errorResponse('No such lot, or not public', ['NOT_FOUND']),
          409: errorResponse(
            'The lot takes no offers or is not open, the amount is not below the price, not enough units, an open offer or the limit',
            [
              OFFER_CODES.offersNotAccepted,
              OFFER_CODES.lotNotOpen,
              EVENT_PAUSED,
              OFFER_CODES.offerTooHigh,
              OFFER_CODES.outOfStock,
              OFFER_CODES.offerOpen,
              OFFER_CODES.offerLimit,
              OFFER_CODES.keyReused,
            ],
          ),
        },
      },
    },
    async (request, reply) => {
      const answer = await makeOffer(db, deps, {
        userId: request.user.id,
        lotId: request.params.eventLotId,
        body: request.body,
        idempotencyKey: request.headers['idempotency-key'],
      });
      return reply.status(answer.status).send(answer.body as never);
    },
  );

  app.get(
    '/marketplace-api/users/:userId/offers',
    {
      config: access({ session: 'required', userPath: 'read' }),
      schema: {
        tags: TAGS,
        summary: "The user's best offers, open ones first (with the seller's counters)",
        params: userParams,
        querystring: myOffersQuery,
        response: { 200: ok(offersResponse, 'The offers'), ...userReadErrors },
      },
    },
    async (request) => success({ offers: await listMyOffers(db, request.params.userId, request.query.eventLotId) }),
  );

  app.post(
    `${buyerOffer}/accept`,
    {
      config: ownWrite,
      schema: {
        tags: TAGS,
        summary: "Accept the seller's counter-offer: the units are yours at the counter price and the order is placed",
        description: `${KEY} Your default card is charged after the order is placed; a refusal leaves the order to pay from its page.`,
        params: userOfferParams,
        headers: idempotencyHeaders,
        querystring: noQuery,
        response: {
          200: ok(offerResponse, 'The accepted offer (its orderId)'),
          ...userWriteErrors,
          404: noOffer,
          409: stockGone,
        },
      },
    },
    async (request, reply) => {
      const { userId, offerId } = request.params;
      const answer = await acceptOffer(acceptDeps, {
        offerId,
        actor: { side: 'buyer', userId },
        scope: `POST /marketplace-api/users/${userId}/offers/${offerId}/accept`,
        idempotencyKey: request.headers['idempotency-key'],
      });
      return reply.status(answer.status).send(answer.body as never);
    },
  );

  const buyerAnswers = {
    decline: (offerId: string, userId: string) => declineCounter(db, deps, offerId, userId),
    withdraw: (offerId: string, userId: string) => withdrawOffer(db, offerId, userId),
  } as const;
  for (const [verb, act] of Object.entries(buyerAnswers)) {
    app.post(
      `${buyerOffer}/${verb}`,
      {
        config: ownWrite,
        schema: {
          tags: TAGS,
          summary: verb === 'decline' ? "Decline the seller's counter-offer" : 'Withdraw a pending offer',
          params: userOfferParams,
          querystring: noQuery,
          response: { 200: ok(offerResponse, 'The offer'), ...userWriteErrors, 404: noOffer, 409: closed },
        },
      },
      async (request) => success({ offer: await act(request.params.offerId, request.params.userId) }),
    );
  }

  app.get(
    '/marketplace-api/seller/offers',
    {
      config: access({ session: 'required' }),
      schema: {
        tags: TAGS,
        summary: "The offers on your companies' lots, open ones first",
        querystring: sellerOffersQuery,
        response: {
          200: ok(offersResponse, 'The offers'),
          ...signedIn,
          403: errorResponse('Not a seller user', ['FORBIDDEN']),
        },
      },
    },
    async (request) => success({ offers: await listSellerOffers(db, request.user.id, request.query.status) }),
  );

  app.post(
    `${sellerOffer}/accept`,
    {
      config: write,
      schema: {
        tags: TAGS,
        summary: 'Accept a pending offer: the units are reserved, the order placed and the buyer’s card charged',
        description: KEY,
        params: offerIdParams,
        headers: idempotencyHeaders,
        querystring: noQuery,
        response: {
          200: ok(offerResponse, 'The accepted offer (its orderId)'),
          ...userWriteErrors,
          404: noOffer,
          409: stockGone,
        },
      },
    },
    async (request, reply) => {
      const { offerId } = request.params;
      const answer = await acceptOffer(acceptDeps, {
        offerId,
        actor: { side: 'seller', userId: request.user.id },
        scope: `POST /marketplace-api/seller/offers/${offerId}/accept`,
        idempotencyKey: request.headers['idempotency-key'],
      });
      return reply.status(answer.status).send(answer.body as never);
    },
  );

  app.post(
    `${sellerOffer}/decline`,
    {
      config: write,
      schema: {
        tags: TAGS,
        summary: 'Decline a pending offer',
        params: offerIdParams,
        querystring: noQuery,
        response: { 200: ok(offerResponse, 'The offer'), ...userWriteErrors, 404: noOffer, 409: closed },
      },
    },
    async (request) => success({ offer: await declineOffer(db, deps, request.params.offerId, request.user.id) }),
  );

  app.post(
    `${sellerOffer}/counter`,
    {
      config: write,
      schema: {
        tags: TAGS,
        summary: 'Counter a pending offer once (COUNTER_OFFER on): above the offer, below the Buy Now price',
        params: offerIdParams,
        querystring: noQuery,
        body: counterBody,
        response: {
          200: ok(offerResponse, 'The countered offer'),
          ...userWriteErrors,
          404: noOffer,
          409: errorResponse('Offer closed, counters off, the amount out of range, or the event paused', [
            OFFER_CODES.offerClosed,
            EVENT_PAUSED,
            OFFER_CODES.countersOff,
            OFFER_CODES.counterTooLow,
            OFFER_CODES.offerTooHigh,
          ]),
        },
      },
    },
    async (request) =>
      success({
        offer: await counterOffer(db, deps, request.params.offerId, request.user.id, request.body.amount),
      }),
  );
};
