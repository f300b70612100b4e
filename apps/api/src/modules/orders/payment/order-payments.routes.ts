import { order, WIRE_NOT_OFFERED } from '@lotline/contracts';
import type { Database } from '@lotline/db';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../../config';
import { AppError } from '../../../lib/errors';
import { access } from '../../../lib/http/access';
import { idempotencyHeaders, withIdempotency } from '../../../lib/http/idempotency';
import { POLICIES } from '../../../lib/http/rate-limit';
import { noQuery, ok, userParams, userWriteErrors } from '../../../lib/http/route-schemas';
import { commonErrors, errorResponse } from '../../../lib/openapi';
import type { PaymentProvider } from '../../payments/provider';
import { featureOn } from '../../platform/get-feature-flags';
import { captureDeposit } from './capture-deposit';
import { chooseWire } from './choose-wire';
import type { PaymentMailDeps } from './notify-payment';
import { orderAnswer } from './order-answer';
import { payOrder } from './pay-order';
import { markWireReceived, ordersAwaitingWire } from './staff-wires';

/** Paying orders: by card, by wire, and staff marking wires received (decision 0044). */
export interface OrderPaymentsDeps {
  db: Database;
  provider: PaymentProvider;
  mail: PaymentMailDeps;
  featureOverrides: Config['featureOverrides'];
}

const TAGS = ['payments'];
const STAFF_ONLY = 'Only Lotline staff can mark wire transfers received.';
const id = z.string().min(1).max(200);
const orderParams = userParams.extend({ orderId: id });
const notFound = errorResponse('No such order of this user', ['NOT_FOUND']);
const conflict = errorResponse(
  'Not awaiting payment, awaiting approval, nothing due, a payment in progress, or wire not offered',
  ['CONFLICT', 'IDEMPOTENCY_KEY_REUSED'],
);
const wireConflict = errorResponse(
  'Not awaiting payment, awaiting approval, a card payment in progress (CONFLICT), or wire not offered for its currency (WIRE_NOT_OFFERED)',
  ['CONFLICT', WIRE_NOT_OFFERED],
);
const payBody = z
  .strictObject({ paymentMethodId: id.optional().describe('A saved card of yours; the default card when absent') })
  .nullish();
const paymentAnswer = z.object({
  order,
  payment: z.object({
    status: z.enum(['paid', 'processing']),
    message: z.string().nullable().describe('What to tell the buyer while the bank is still processing'),
  }),
});
const staffErrors = {
  401: errorResponse('No session', ['UNAUTHENTICATED']),
  403: errorResponse('Not staff, or sent from another origin', ['FORBIDDEN']),
  ...commonErrors,
};

export const orderPaymentsRoutes: FastifyPluginAsyncZod<OrderPaymentsDeps> = async (app, deps) => {
  const { db } = deps;
  const cadWire = () => featureOn(db, deps.featureOverrides, 'CAD_WIRE_TRANSFER');

  app.post(
    '/marketplace-api/users/:userId/orders/:orderId/payments',
    {
      config: access({ session: 'required', userPath: 'own', rateLimit: POLICIES.accountWritesByUser }),
      schema: {
        tags: TAGS,
        summary: 'Pay an order by card',
        description:
          'Charges the amount due to the default card, or to `paymentMethodId`. Takes `Idempotency-Key`: a retry answers the first outcome and charges nothing. A decline is 402 PAYMENT_DECLINED with the card’s message (the order stays pending and keeps it as `paymentError`).',
        params: orderParams,
        querystring: noQuery,
        headers: idempotencyHeaders,
        body: payBody,
        response: {
          200: ok(paymentAnswer, 'Paid, or still processing at the bank'),
          ...userWriteErrors,
          402: errorResponse('The card was declined', ['PAYMENT_DECLINED']),
          404: notFound,
          409: conflict,
        },
      },
    },
    async (request, reply) => {
      const answer = await payOrder(deps, {
        userId: request.user.id,
        orderId: request.params.orderId,
        paymentMethodId: request.body?.paymentMethodId,
        idempotencyKey: request.headers['idempotency-key'],
      });
      return reply.status(answer.status).send(answer.body as never);
    },
  );

  app.post(
    '/marketplace-api/users/:userId/orders/:orderId/wire',
    {
      config: access({ session: 'required', userPath: 'own', rateLimit: POLICIES.accountWritesByUser }),
      schema: {
        tags: TAGS,
        summary: 'Pay an order by wire transfer',
        description:
          'The buyer chooses wire: the order shows the instructions and waits for staff to mark the wire received. 409 WIRE_NOT_OFFERED when staff set no receiving account for its currency (or CAD with CAD_WIRE_TRANSFER off); 409 CONFLICT when a card payment is in progress.',
        params: orderParams,
        querystring: noQuery,
        body: z.strictObject({}).nullish(),
        response: { 200: ok(z.object({ order }), 'Wire chosen'), ...userWriteErrors, 404: notFound, 409: wireConflict },
      },
    },
    async (request) => {
      const cad = await cadWire();
      await chooseWire(db, request.user.id, request.params.orderId, cad);
      return { status: 'success' as const, data: { order: await mustAnswer(db, request.params.orderId, cad) } };
    },
  );

  app.get(
    '/marketplace-api/staff/orders',
    {
      config: access({ session: 'required', role: 'staff', forbidden: STAFF_ONLY }),
      schema: {
        tags: TAGS,
        summary: 'Staff: orders awaiting a wire transfer',
        description: 'Staff only. `awaiting=wire`: pending orders whose buyer chose wire, oldest first (at most 200).',
        querystring: z.strictObject({ awaiting: z.literal('wire') }),
        response: {
          200: ok(z.array(z.object({ order, buyer: z.object({ name: z.string(), email: z.string() }) })), 'The queue'),
          ...staffErrors,
        },
      },
    },
    async () => {
      const cad = await cadWire();
      const rows = await ordersAwaitingWire(db);
      const data = [];
      for (const row of rows) {
        data.push({ order: await mustAnswer(db, row.id, cad), buyer: { name: row.buyerName, email: row.buyerEmail } });
      }
      return { status: 'success' as const, data };
    },
  );

  app.post(
    '/marketplace-api/staff/orders/:orderId/wire-received',
    {
      config: access({
        session: 'required',
        role: 'staff',
        forbidden: STAFF_ONLY,
        rateLimit: POLICIES.accountWritesByUser,
      }),
      schema: {
        tags: TAGS,
        summary: 'Staff: mark a wire transfer received',
        description:
          'Staff only. Records the wire for the amount due and pays the order (history `wire-received`). Takes `Idempotency-Key`.',
        params: z.object({ orderId: id }),
        querystring: noQuery,
        headers: idempotencyHeaders,
        body: z.strictObject({}).nullish(),
        response: {
          200: ok(z.object({ order }), 'Paid'),
          ...staffErrors,
          403: errorResponse('Not staff, an order you bought (another staff member must), or another origin', [
            'FORBIDDEN',
            'OWN_RECORD',
          ]),
          404: notFound,
          409: conflict,
        },
      },
    },
    async (request, reply) => {
      const { orderId } = request.params;
      const cad = await cadWire();
      // An auction order's deposit is collected first: the wire covers only what is left (decision 0044).
      await captureDeposit({ db, provider: deps.provider, mail: deps.mail }, orderId);
      const answer = await withIdempotency(
        db,
        {
          userId: request.user.id,
          key: request.headers['idempotency-key'],
          scope: `POST /marketplace-api/staff/orders/${orderId}/wire-received`,
          body: {},
        },
        async (tx) => {
          await markWireReceived(tx, deps.mail, orderId, request.user.id);
          return { status: 200, body: { status: 'success', data: { order: await orderAnswer(tx, orderId, cad) } } };
        },
      );
      return reply.status(answer.status).send(answer.body as never);
    },
  );
};

async function mustAnswer(db: Database, orderId: string, cad: boolean) {
  const answer = await orderAnswer(db, orderId, cad);
  if (!answer) throw AppError.notFound('No such order.');
  return answer;
}
