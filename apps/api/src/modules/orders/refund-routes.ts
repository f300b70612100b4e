import {
  buyerRefundParams,
  type RefundBody,
  refundBody,
  refundParams,
  refundResponse,
  sellerOrderParams,
} from '@lotline/contracts';
import { orders } from '@lotline/db/schema';
import { eq } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors';
import { access } from '../../lib/http/access';
import { idempotencyHeaders } from '../../lib/http/idempotency';
import { POLICIES } from '../../lib/http/rate-limit';
import { noQuery, ok, userReadErrors, userWriteErrors } from '../../lib/http/route-schemas';
import { errorResponse } from '../../lib/openapi';
import { buyerOrderRow, sellerOrderRow } from './order-access';
import type { OrdersDeps } from './orders-deps';
import { requestRefund, sendCreditNote } from './request-refund';

/**
 * Refunds and their credit notes (decision 0062): the seller users of the order's company refund within what
 * was paid; staff refund any company's order, never one they bought. The buyer, the seller and staff download
 * a succeeded refund's credit note (`…/users/{userId}/orders/{orderId}/credit-notes/{refundId}.pdf`, and the same
 * under `/marketplace-api/seller/orders/…` and `/marketplace-api/staff/orders/…`). The money rules are
 * `refund-order.ts`'s.
 */
const TAGS = ['orders'];
const STAFF_ONLY = 'Only Lotline staff can refund any order.';
const pdf = z.any().describe('The credit note (application/pdf)');
const noSuchNote = errorResponse('No such order, or no credit note: the refund was not given back', ['NOT_FOUND']);
const refusals = {
  ...userWriteErrors,
  404: errorResponse('No such order', ['NOT_FOUND']),
  409: errorResponse(
    'Not paid or cancelled, more than can still be refunded, the provider refused the refund, or the key was reused',
    ['CONFLICT', 'REFUND_FAILED', 'IDEMPOTENCY_KEY_REUSED'],
  ),
};
const DESCRIPTION = [
  'Gives back `amount` (minor units) of a paid or cancelled order, at most what its payments took less what was',
  'already refunded (409 names the most that can still be refunded); drawn from the card charge first, then the',
  'captured bid deposit, then a wire (returned by bank transfer: `message` says so). Takes `Idempotency-Key`: a',
  'retry answers the same refund and gives back nothing more. The buyer is e-mailed the credit note (PDF). The',
  "order's status does not change: `refunded` and `refunds` say what was given back. A refund the provider",
  'refused is 409 REFUND_FAILED with its reason and stays on the order as failed.',
].join(' ');
/** A refund POST's schema: the seller's and staff's differ only in their words. */
const refundSchema = (summary: string, who: string, forbidden: string) => ({
  tags: TAGS,
  summary,
  description: `${DESCRIPTION} ${who}`,
  headers: idempotencyHeaders,
  params: sellerOrderParams,
  querystring: noQuery,
  body: refundBody,
  response: {
    201: ok(refundResponse, 'Refunded (or still processing at the provider)'),
    ...refusals,
    403: errorResponse(forbidden, ['FORBIDDEN', 'OWN_RECORD']),
  },
});
type RefundCall = {
  user: { id: string };
  params: { orderId: string };
  body: RefundBody;
  headers: { 'idempotency-key'?: string | undefined };
};
const writeAccess = () => access({ session: 'required', rateLimit: POLICIES.accountWritesByUser });
const staffAccess = (rateLimit?: typeof POLICIES.accountWritesByUser) =>
  access({ session: 'required', role: 'staff', forbidden: STAFF_ONLY, ...(rateLimit ? { rateLimit } : {}) });

export const refundRoutes: FastifyPluginAsyncZod<OrdersDeps> = async (app, deps) => {
  const { db } = deps;
  const anyOrderRow = async (orderId: string) => {
    const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
    if (!row) throw AppError.notFound('No such order.');
    return row;
  };

  /** The refund request as the seller's or the staff route received it (after its own access check). */
  const refund = async (side: 'seller' | 'staff', request: RefundCall, reply: FastifyReply) => {
    const { orderId } = request.params;
    const answer = await requestRefund(deps, {
      userId: request.user.id,
      orderId,
      body: request.body,
      idempotencyKey: request.headers['idempotency-key'],
      path: `/marketplace-api/${side}/orders/${orderId}/refunds`,
      side,
    });
    return reply.status(answer.status).send(answer.body as never);
  };

  app.post(
    '/marketplace-api/seller/orders/:orderId/refunds',
    {
      config: writeAccess(),
      schema: refundSchema(
        'Refund (part of) an order of the seller’s company',
        'A non-seller or another company’s order is 403.',
        'Not a seller user of the order’s company, or sent from another origin (CSRF)',
      ),
    },
    async (request, reply) => {
      await sellerOrderRow(db, request.user.id, request.params.orderId);
      return refund('seller', request, reply);
    },
  );

  app.post(
    '/marketplace-api/staff/orders/:orderId/refunds',
    {
      config: staffAccess(POLICIES.accountWritesByUser),
      schema: refundSchema(
        'Staff: refund (part of) any order',
        'Staff only; never an order the staff member bought or one of a company they belong to (403 OWN_RECORD).',
        'Not staff, the staff member’s own order or company, or sent from another origin (CSRF)',
      ),
    },
    async (request, reply) => refund('staff', request, reply),
  );

  app.get(
    '/marketplace-api/users/:userId/orders/:orderId/credit-notes/:refundId.pdf',
    {
      config: access({ session: 'required', userPath: 'read' }),
      schema: {
        tags: TAGS,
        summary: "A refund's credit note as a PDF, for the buyer",
        description: '`userId` must be the signed-in user (or an admin). Another user’s order answers 404.',
        params: buyerRefundParams,
        querystring: noQuery,
        response: { 200: pdf, ...userReadErrors, 404: noSuchNote },
      },
    },
    async (request, reply) => {
      const { userId, orderId, refundId } = request.params;
      return sendCreditNote(deps, await buyerOrderRow(db, userId, orderId), refundId, reply);
    },
  );

  // The seller's and staff's copies: the same note, each side's own access to the order.
  const notes = [
    { side: 'seller', who: 'the seller', config: access({ session: 'required' }), row: sellerOrderRow },
    {
      side: 'staff',
      who: 'staff',
      config: staffAccess(),
      row: (_: typeof db, _user: string, id: string) => anyOrderRow(id),
    },
  ] as const;
  for (const note of notes) {
    app.get(
      `/marketplace-api/${note.side}/orders/:orderId/credit-notes/:refundId.pdf`,
      {
        config: note.config,
        schema: {
          tags: TAGS,
          summary: `A refund's credit note as a PDF, for ${note.who}`,
          params: refundParams,
          querystring: noQuery,
          response: { 200: pdf, ...userReadErrors, 404: noSuchNote },
        },
      },
      async (request, reply) => {
        const { orderId, refundId } = request.params;
        return sendCreditNote(deps, await note.row(db, request.user.id, orderId), refundId, reply);
      },
    );
  }
};
