import { buyNowState, EVENT_PAUSED, eventLotIdParams, order, PURCHASE_CODES, purchaseBody } from '@lotline/contracts';
import type { Database } from '@lotline/db';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../lib/http/access';
import { idempotencyHeaders } from '../../lib/http/idempotency';
import { noQuery, ok } from '../../lib/http/route-schemas';
import { limitedWrite, writeRateLimited } from '../../lib/http/write-limits';
import { commonErrors, errorResponse } from '../../lib/openapi';
import type { Mailer } from '../mail/mailer';
import type { PaymentProvider } from '../payments/provider';
import { afterPurchase } from './after-purchase';
import { type FeatureOverrides, getBuyNowState } from './buy-now-terms';
import { purchaseItem } from './purchase-item';

/** Buy now (contract §5; decision 0045): the buy box's state and the purchase. */

export interface PurchasesDeps {
  db: Database;
  mailer: Mailer;
  provider: PaymentProvider;
  publicOrigin: string;
  featureOverrides: FeatureOverrides;
}

const TAGS = ['buy-now'];
const LOT = '/marketplace/api/event/event-lots/:eventLotId';
const notFound = errorResponse('No such lot, or not public', ['NOT_FOUND']);

export const purchasesRoutes: FastifyPluginAsyncZod<PurchasesDeps> = async (app, deps) => {
  const { db } = deps;

  app.get(
    `${LOT}/buy-now`,
    {
      config: access({ session: 'optional' }),
      schema: {
        tags: TAGS,
        summary: "A buy-now item's price, units left and, with BUY_NOW_ALL_IN_PRICING on, your all-in price",
        params: eventLotIdParams,
        querystring: noQuery,
        response: { 200: ok(buyNowState, 'The buy box state'), 404: notFound, ...commonErrors },
      },
    },
    async (request) => {
      const viewer = request.sessionUser?.id ?? null;
      const data = await getBuyNowState(db, deps.featureOverrides, request.params.eventLotId, viewer);
      return { status: 'success' as const, data };
    },
  );

  app.post(
    `${LOT}/purchases`,
    {
      config: limitedWrite('trade'),
      schema: {
        tags: TAGS,
        summary:
          'Buy units of a buy-now item: creates an order (approved and charged at once with BUY_NOW_AUTO_APPROVE)',
        description: [
          'Takes an optional `Idempotency-Key` (1–255 characters): a retry with the same key and body answers the first',
          'answer (refusals included) and changes nothing. The answer is the order as created; with the order approved,',
          "the buyer's default card is charged right after (a decline leaves the order pending with `paymentError`).",
        ].join(' '),
        params: eventLotIdParams,
        headers: idempotencyHeaders,
        querystring: noQuery,
        body: purchaseBody,
        response: {
          ...writeRateLimited,
          201: ok(z.object({ order }), 'The order'),
          401: errorResponse('No session', ['UNAUTHENTICATED']),
          403: errorResponse("Not verified, the seller's own lot (any member of its company), or another origin", [
            PURCHASE_CODES.notVerified,
            'OWN_LOT',
            'FORBIDDEN',
          ]),
          404: notFound,
          409: errorResponse('Not on sale now (or its event paused), not enough units left, key reused', [
            PURCHASE_CODES.lotNotOpen,
            EVENT_PAUSED,
            PURCHASE_CODES.outOfStock,
            PURCHASE_CODES.keyReused,
          ]),
          ...commonErrors,
        },
      },
    },
    async (request, reply) => {
      const { answer, effects } = await purchaseItem(deps, {
        userId: request.user.id,
        lotId: request.params.eventLotId,
        body: request.body,
        idempotencyKey: request.headers['idempotency-key'],
      });
      if (effects) await afterPurchase({ db, provider: deps.provider, mail: deps, log: request.log }, effects);
      return reply.status(answer.status).send(answer.body as never);
    },
  );
};
