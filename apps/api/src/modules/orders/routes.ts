import {
  messageBody,
  orderIdParams,
  orderResponse,
  ordersQuerystring,
  ordersResponse,
  sellerOrderParams,
  sentMessageResponse,
} from '@lotline/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../lib/http/access';
import { POLICIES } from '../../lib/http/rate-limit';
import { noQuery, ok, userParams, userReadErrors, userWriteErrors } from '../../lib/http/route-schemas';
import { errorResponse } from '../../lib/openapi';
import { listBuyerOrders } from './list-orders';
import { buyerOrderRow } from './order-access';
import { type OrdersDeps, sendOrderPdf } from './orders-deps';
import { presentOrders } from './present-order';
import { writeOrderMessage } from './write-order-message';

/**
 * The buyer's orders (contract §5; issue 15, decision 0043): the list, one
 * order, its PDF, and the order's message thread (ORDER_CONVERSATION). The
 * seller's side is `seller-routes.ts`.
 */
const TAGS = ['orders'];
const READ_NOTE = '`userId` must be the signed-in user; an admin may read any user.';
const noSuchOrder = errorResponse('No such order of this user', ['NOT_FOUND']);
const pdf = z
  .any()
  .describe('The PDF (application/pdf): an invoice, or a receipt for a buy-now order without invoices');

export const ordersRoutes: FastifyPluginAsyncZod<OrdersDeps> = async (app, deps) => {
  const { db, featureOverrides } = deps;

  app.get(
    '/marketplace-api/users/:userId/orders',
    {
      config: access({ session: 'required', userPath: 'read' }),
      schema: {
        tags: TAGS,
        summary: "The user's orders, newest first",
        description: `${READ_NOTE} Paged (\`pageSize\` ≤ 100, default 30).`,
        params: userParams,
        querystring: ordersQuerystring,
        response: { 200: ok(ordersResponse, 'A page of orders'), ...userReadErrors },
      },
    },
    async (request) => {
      const page = await listBuyerOrders(db, request.params.userId, request.query, featureOverrides);
      return { status: 'success' as const, data: page };
    },
  );

  app.get(
    '/marketplace-api/users/:userId/orders/:orderId',
    {
      config: access({ session: 'required', userPath: 'read' }),
      schema: {
        tags: TAGS,
        summary: 'One order of the user: lines, totals, fees, tax, deposit applied, amount due, history',
        description: `${READ_NOTE} An order that is not this user's answers 404.`,
        params: orderIdParams,
        querystring: noQuery,
        response: { 200: ok(orderResponse, 'The order'), ...userReadErrors, 404: noSuchOrder },
      },
    },
    async (request) => {
      const row = await buyerOrderRow(db, request.params.userId, request.params.orderId);
      const [order] = await presentOrders(db, [row], featureOverrides);
      return { status: 'success' as const, data: { order: order as NonNullable<typeof order> } };
    },
  );

  app.get(
    '/marketplace-api/users/:userId/orders/:orderId/invoice.pdf',
    {
      config: access({ session: 'required', userPath: 'read' }),
      schema: {
        tags: TAGS,
        summary: "The order's invoice (or receipt) as a PDF",
        description: `${READ_NOTE} An order that is not this user's answers 404.`,
        params: orderIdParams,
        querystring: noQuery,
        response: { 200: pdf, ...userReadErrors, 404: noSuchOrder },
      },
    },
    async (request, reply) => {
      const row = await buyerOrderRow(db, request.params.userId, request.params.orderId);
      return sendOrderPdf(deps, row, reply);
    },
  );

  app.post(
    '/marketplace-api/orders/:orderId/messages',
    {
      config: access({ session: 'required', rateLimit: POLICIES.messageWritesByUser }),
      schema: {
        tags: TAGS,
        summary: "Write in an order's message thread (ORDER_CONVERSATION)",
        description: [
          "For the order's buyer and the seller users of its company (who write as the company). The first message",
          'starts the thread (201 either way); the other side is e-mailed. With ORDER_CONVERSATION off: 404.',
        ].join(' '),
        params: sellerOrderParams,
        querystring: noQuery,
        body: messageBody,
        response: {
          201: ok(sentMessageResponse, 'Sent'),
          ...userWriteErrors,
          404: errorResponse('No such order of yours, or orders have no thread (flag off)', ['NOT_FOUND']),
        },
      },
    },
    async (request, reply) => {
      const { created: _created, ...sent } = await writeOrderMessage(
        { ...deps, log: app.log },
        request.user.id,
        request.params.orderId,
        request.body.body,
      );
      return reply.status(201).send({ status: 'success' as const, data: sent });
    },
  );
};
