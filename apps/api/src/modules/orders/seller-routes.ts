import {
  cancelOrderBody,
  fulfilmentBody,
  orderResponse,
  ordersResponse,
  rejectOrderBody,
  sellerOrderParams,
  sellerOrdersQuerystring,
} from '@lotline/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../lib/http/access';
import { idempotencyHeaders, withIdempotency } from '../../lib/http/idempotency';
import { POLICIES } from '../../lib/http/rate-limit';
import { noQuery, ok, userReadErrors, userWriteErrors } from '../../lib/http/route-schemas';
import { errorResponse } from '../../lib/openapi';
import { requireSellerCompanies } from '../sellers/company-members';
import { approveOrder } from './approve-order';
import { cancelOrder } from './cancel-order';
import { endOrder } from './end-order-write';
import { fulfilOrder } from './fulfil-order';
import { listSellerOrders } from './list-orders';
import { sellerOrderRow } from './order-access';
import { type OrdersDeps, sendOrderPdf } from './orders-deps';
import { chargeOrder } from './payment/charge-order';
import { presentOrders } from './present-order';
import { rejectOrder } from './reject-order';

/**
 * The seller's side of orders (issue 15, decision 0043): the company's
 * orders, one order and its PDF, approving or rejecting a buy-now order that
 * awaits them, and marking a paid order shipped or collected. For the seller
 * users of the order's company only: a non-seller gets 403, another
 * company's order 404 (its existence is not revealed).
 */
const TAGS = ['orders'];
const { 403: _own, ...signedIn } = userReadErrors;
const notSeller = errorResponse('Not a seller user', ['FORBIDDEN']);
const noSuchOrder = errorResponse("No such order of the user's company", ['NOT_FOUND']);
const writing = {
  ...userWriteErrors,
  403: errorResponse('Not a seller user, or sent from another origin (CSRF)', ['FORBIDDEN']),
  404: noSuchOrder,
  409: errorResponse('The order is not in a state that allows this', ['CONFLICT', 'IDEMPOTENCY_KEY_REUSED']),
};
const writeAccess = () => access({ session: 'required', rateLimit: POLICIES.accountWritesByUser });

export const sellerOrdersRoutes: FastifyPluginAsyncZod<OrdersDeps> = async (app, deps) => {
  const { db, featureOverrides } = deps;
  const present = async (orderId: string, userId: string) => {
    const [order] = await presentOrders(db, [await sellerOrderRow(db, userId, orderId)], featureOverrides);
    return { status: 'success' as const, data: { order: order as NonNullable<typeof order> } };
  };

  app.get(
    '/marketplace-api/seller/orders',
    {
      config: access({ session: 'required' }),
      schema: {
        tags: TAGS,
        summary: "The orders of the signed-in seller user's companies",
        description:
          'Orders awaiting the seller’s approval first (soonest deadline first), then newest first. Filters `status`, `approval`; paged.',
        querystring: sellerOrdersQuerystring,
        response: { 200: ok(ordersResponse, 'A page of orders'), ...signedIn, 403: notSeller },
      },
    },
    async (request) => {
      const companyIds = await requireSellerCompanies(db, request.user.id);
      return {
        status: 'success' as const,
        data: await listSellerOrders(db, companyIds, request.query, featureOverrides),
      };
    },
  );

  app.get(
    '/marketplace-api/seller/orders/:orderId',
    {
      config: access({ session: 'required' }),
      schema: {
        tags: TAGS,
        summary: 'One order of the seller’s company',
        params: sellerOrderParams,
        querystring: noQuery,
        response: { 200: ok(orderResponse, 'The order'), ...signedIn, 403: notSeller, 404: noSuchOrder },
      },
    },
    async (request) => present(request.params.orderId, request.user.id),
  );

  app.get(
    '/marketplace-api/seller/orders/:orderId/invoice.pdf',
    {
      config: access({ session: 'required' }),
      schema: {
        tags: TAGS,
        summary: "The order's invoice (or receipt) as a PDF, for the seller",
        params: sellerOrderParams,
        querystring: noQuery,
        response: { 200: z.any().describe('application/pdf'), ...signedIn, 403: notSeller, 404: noSuchOrder },
      },
    },
    async (request, reply) =>
      sendOrderPdf(deps, await sellerOrderRow(db, request.user.id, request.params.orderId), reply),
  );

  app.post(
    '/marketplace-api/seller/orders/:orderId/approve',
    {
      config: writeAccess(),
      schema: {
        tags: TAGS,
        summary: 'Approve a buy-now order that awaits the seller; the buyer’s card is then charged',
        description:
          'Takes `Idempotency-Key`. 409 when the order is not awaiting approval. The buyer is e-mailed (approved, and the invoice with its PDF); a refused card leaves the order pending with its `paymentError`.',
        headers: idempotencyHeaders,
        params: sellerOrderParams,
        querystring: noQuery,
        response: { 200: ok(orderResponse, 'Approved (and paid when the card was charged)'), ...writing },
      },
    },
    async (request, reply) => {
      const { orderId } = request.params;
      let approved = false;
      const answer = await withIdempotency(
        db,
        {
          userId: request.user.id,
          key: request.headers['idempotency-key'],
          scope: `POST /marketplace-api/seller/orders/${orderId}/approve`,
          body: {},
        },
        async (tx) => {
          await approveOrder(tx, deps, request.user.id, orderId);
          approved = true;
          return { status: 200, body: { status: 'success', data: {} } };
        },
      );
      if (answer.status !== 200) return reply.status(answer.status).send(answer.body as never);
      // After the commit, outside any transaction: a refusal stays on the order (paymentError).
      if (approved) {
        try {
          await chargeOrder({ db, provider: deps.provider, mail: deps }, orderId);
        } catch (err) {
          // The approval stands; the buyer pays from the order page (a provider outage is not the seller's error).
          request.log.error({ err, orderId }, 'charging an approved order failed');
        }
      }
      return present(orderId, request.user.id);
    },
  );

  app.post(
    '/marketplace-api/seller/orders/:orderId/reject',
    {
      config: writeAccess(),
      schema: {
        tags: TAGS,
        summary: 'Reject a buy-now order that awaits the seller, saying why; the units go back on sale',
        description:
          'Takes `Idempotency-Key`. 409 when the order is not awaiting approval. The buyer is e-mailed the reason.',
        headers: idempotencyHeaders,
        params: sellerOrderParams,
        querystring: noQuery,
        body: rejectOrderBody,
        response: { 200: ok(orderResponse, 'Rejected: the order is cancelled'), ...writing },
      },
    },
    async (request, reply) => {
      const { orderId } = request.params;
      const answer = await endOrder(db, request, `POST /marketplace-api/seller/orders/${orderId}/reject`, (tx) =>
        rejectOrder(tx, deps, request.user.id, orderId, request.body.reason),
      );
      if (answer.status !== 200) return reply.status(answer.status).send(answer.body as never);
      return present(orderId, request.user.id);
    },
  );

  app.post(
    '/marketplace-api/seller/orders/:orderId/cancel',
    {
      config: writeAccess(),
      schema: {
        tags: TAGS,
        summary: 'Cancel an approved order the buyer has not paid, saying why; the units go back on sale',
        description:
          'Takes `Idempotency-Key`. 409 for a paid or cancelled order, one awaiting approval (reject it instead) or while a payment or refund is in flight. The buyer is e-mailed the reason; a captured deposit stays on the order to refund.',
        headers: idempotencyHeaders,
        params: sellerOrderParams,
        querystring: noQuery,
        body: cancelOrderBody,
        response: { 200: ok(orderResponse, 'Cancelled'), ...writing },
      },
    },
    async (request, reply) => {
      const { orderId } = request.params;
      const answer = await endOrder(db, request, `POST /marketplace-api/seller/orders/${orderId}/cancel`, (tx) =>
        cancelOrder(tx, deps, { userId: request.user.id, as: 'seller' }, orderId, request.body.reason),
      );
      if (answer.status !== 200) return reply.status(answer.status).send(answer.body as never);
      return present(orderId, request.user.id);
    },
  );

  app.post(
    '/marketplace-api/seller/orders/:orderId/fulfilment',
    {
      config: writeAccess(),
      schema: {
        tags: TAGS,
        summary: 'Mark a paid order shipped or collected',
        description: 'Once per order; 409 for an order that is not paid or already marked.',
        params: sellerOrderParams,
        querystring: noQuery,
        body: fulfilmentBody,
        response: { 200: ok(orderResponse, 'Marked'), ...writing },
      },
    },
    async (request) => {
      const { orderId } = request.params;
      await db.transaction((tx) => fulfilOrder(tx, request.user.id, orderId, request.body.fulfilment));
      return present(orderId, request.user.id);
    },
  );
};
