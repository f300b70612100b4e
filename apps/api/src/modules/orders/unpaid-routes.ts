import {
  cancelOrderBody,
  EVENT_PAUSED,
  orderResponse,
  secondChance,
  secondChanceParams,
  secondChancesResponse,
  sellerOrderParams,
} from '@lotline/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../lib/http/access';
import { idempotencyHeaders, withIdempotency } from '../../lib/http/idempotency';
import { POLICIES } from '../../lib/http/rate-limit';
import { noQuery, ok, userParams, userReadErrors, userWriteErrors } from '../../lib/http/route-schemas';
import { errorResponse } from '../../lib/openapi';
import { publishLotChanges } from '../live/publish-lot-changes';
import { cancelOrder } from './cancel-order';
import { endOrder } from './end-order-write';
import type { OrdersDeps } from './orders-deps';
import { settleAuctionOrder } from './payment/settle-auction-order';
import { presentOrder } from './present-order';
import { acceptSecondChance, declineSecondChance, listSecondChances } from './second-chance';

/**
 * The ends of an unpaid sale that people make (decision 0061): staff cancel an unpaid order, saying why (the
 * seller's own cancel is in `seller-routes.ts`), and the runner-up answers the second chance they were offered.
 * The payment-window job is `expire-unpaid-orders.ts`.
 */
const TAGS = ['orders'];
const STAFF_ONLY = 'Only Lotline staff can cancel orders of other companies.';
const conflict = errorResponse('The order or offer is not in a state that allows this', [
  'CONFLICT',
  'IDEMPOTENCY_KEY_REUSED',
]);
const noSuch = errorResponse('No such order or offer', ['NOT_FOUND']);

export const unpaidOrdersRoutes: FastifyPluginAsyncZod<OrdersDeps> = async (app, deps) => {
  const { db, featureOverrides } = deps;
  const answerOrder = async (orderId: string) => ({
    status: 'success' as const,
    data: {
      order: (await presentOrder(db, orderId, featureOverrides)) as NonNullable<
        Awaited<ReturnType<typeof presentOrder>>
      >,
    },
  });

  app.post(
    '/marketplace-api/staff/orders/:orderId/cancel',
    {
      config: access({
        session: 'required',
        role: 'staff',
        forbidden: STAFF_ONLY,
        rateLimit: POLICIES.accountWritesByUser,
      }),
      schema: {
        tags: TAGS,
        summary: 'Staff: cancel an unpaid order, saying why',
        description:
          'Any order awaiting approval or payment; the reason goes to the buyer and the history. Not your own order, nor one of a company you belong to (403 OWN_RECORD). 409 for a paid or cancelled order, or while a payment or refund is in flight. Takes `Idempotency-Key`.',
        headers: idempotencyHeaders,
        params: sellerOrderParams,
        querystring: noQuery,
        body: cancelOrderBody,
        response: {
          200: ok(orderResponse, 'Cancelled'),
          ...userWriteErrors,
          403: errorResponse('Not staff, your own order or company, or sent from another origin', [
            'FORBIDDEN',
            'OWN_RECORD',
          ]),
          404: noSuch,
          409: conflict,
        },
      },
    },
    async (request, reply) => {
      const { orderId } = request.params;
      const answer = await endOrder(db, request, `POST /marketplace-api/staff/orders/${orderId}/cancel`, (tx) =>
        cancelOrder(tx, deps, { userId: request.user.id, as: 'staff' }, orderId, request.body.reason),
      );
      if (answer.status !== 200) return reply.status(answer.status).send(answer.body as never);
      return answerOrder(orderId);
    },
  );

  app.get(
    '/marketplace-api/users/:userId/second-chances',
    {
      config: access({ session: 'required', userPath: 'read' }),
      schema: {
        tags: TAGS,
        summary: 'The lots offered to the user as runner-up because the winner did not pay (BIDDING §8)',
        description:
          'Newest first (at most 50): the open ones to answer within 48 hours, and what became of the others.',
        params: userParams,
        querystring: noQuery,
        response: { 200: ok(secondChancesResponse, 'The offers'), ...userReadErrors },
      },
    },
    async (request) => ({
      status: 'success' as const,
      data: { secondChances: await listSecondChances(db, request.params.userId) },
    }),
  );

  app.post(
    '/marketplace-api/users/:userId/second-chances/:secondChanceId/accept',
    {
      config: access({ session: 'required', userPath: 'own', rateLimit: POLICIES.accountWritesByUser }),
      schema: {
        tags: TAGS,
        summary: 'Take the lot at the offered price: the order is made and your default card charged',
        description:
          'Takes `Idempotency-Key`. 201 with the order (priced with the lot’s frozen terms); 409 when the offer is no longer open.',
        headers: idempotencyHeaders,
        params: secondChanceParams,
        querystring: noQuery,
        body: z.strictObject({}).nullish(),
        response: {
          201: ok(orderResponse, 'The order'),
          ...userWriteErrors,
          404: noSuch,
          409: errorResponse('The offer is no longer open, or the event is paused by the marketplace', [
            'CONFLICT',
            EVENT_PAUSED,
            'IDEMPOTENCY_KEY_REUSED',
          ]),
        },
      },
    },
    async (request, reply) => {
      const { userId, secondChanceId } = request.params;
      let orderId: string | null = null;
      const answer = await withIdempotency(
        db,
        {
          userId,
          key: request.headers['idempotency-key'],
          scope: `POST /marketplace-api/users/${userId}/second-chances/${secondChanceId}/accept`,
          body: {},
        },
        async (tx) => {
          const order = await acceptSecondChance(tx, deps, userId, secondChanceId);
          orderId = order.id;
          return { status: 201, body: { status: 'success', data: { orderId: order.id } } };
        },
      );
      if (answer.status !== 201) return reply.status(answer.status).send(answer.body as never);
      const id = orderId ?? (answer.body as { data: { orderId: string } }).data.orderId;
      if (orderId) {
        const [lot] = (await presentOrder(db, id, featureOverrides))?.lines ?? [];
        if (lot) await publishLotChanges(db, [lot.eventLotId]);
        // As for a win: the runner-up's default card is charged now; a refusal leaves the order to pay by hand.
        await settleAuctionOrder({ db, provider: deps.provider, mail: deps }, id);
      }
      return reply.status(201).send(await answerOrder(id));
    },
  );

  app.post(
    '/marketplace-api/users/:userId/second-chances/:secondChanceId/decline',
    {
      config: access({ session: 'required', userPath: 'own', rateLimit: POLICIES.accountWritesByUser }),
      schema: {
        tags: TAGS,
        summary: 'Turn the second chance down',
        description: '409 when the offer is no longer open.',
        params: secondChanceParams,
        querystring: noQuery,
        body: z.strictObject({}).nullish(),
        response: {
          200: ok(z.object({ secondChance }), 'Declined'),
          ...userWriteErrors,
          404: noSuch,
          409: conflict,
        },
      },
    },
    async (request) => {
      const { userId, secondChanceId } = request.params;
      await db.transaction((tx) => declineSecondChance(tx, userId, secondChanceId));
      const offer = (await listSecondChances(db, userId)).find((s) => s._id === secondChanceId);
      return { status: 'success' as const, data: { secondChance: offer as NonNullable<typeof offer> } };
    },
  );
};
