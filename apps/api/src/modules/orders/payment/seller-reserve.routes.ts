import { order } from '@lotline/contracts';
import type { Database } from '@lotline/db';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../../config';
import { access } from '../../../lib/http/access';
import { idempotencyHeaders, withIdempotency } from '../../../lib/http/idempotency';
import { POLICIES } from '../../../lib/http/rate-limit';
import { noQuery, ok } from '../../../lib/http/route-schemas';
import { commonErrors, errorResponse } from '../../../lib/openapi';
import { publishLotChanges } from '../../live/publish-lot-changes';
import { featureOn } from '../../platform/get-feature-flags';
import type { PaymentMailDeps } from './notify-payment';
import { orderAnswer } from './order-answer';
import { acceptReserve, listReserveNotMet } from './reserve-not-met';

export interface SellerReserveDeps {
  db: Database;
  mail: PaymentMailDeps;
  featureOverrides: Config['featureOverrides'];
}

const TAGS = ['payments'];
const sellerErrors = {
  401: errorResponse('No session', ['UNAUTHENTICATED']),
  403: errorResponse('Not a seller user, or sent from another origin', ['FORBIDDEN']),
  ...commonErrors,
};
const reserveLot = z.object({
  _id: z.string(),
  number: z.string(),
  name: z.string(),
  currency: z.string(),
  price: z.number().int().describe("The leader's price, which accepting sells at"),
  reserve: z.number().int().nullable(),
  closedAt: z.string(),
  acceptBy: z.string().describe('The seller may accept until then (BIDDING §7: 2 days after the close)'),
});

/** The seller's reserve-not-met lots and accepting one (BIDDING §7, decision 0044); company users only. */
export const sellerReserveRoutes: FastifyPluginAsyncZod<SellerReserveDeps> = async (app, deps) => {
  const { db } = deps;
  app.get(
    '/marketplace-api/seller/reserve-not-met',
    {
      config: access({ session: 'required' }),
      schema: {
        tags: TAGS,
        summary: "Seller: lots closed below the reserve, awaiting the seller's answer",
        description:
          "Lots of the caller's companies that closed below the reserve within the last 2 days, the most urgent first.",
        querystring: noQuery,
        response: { 200: ok(z.array(reserveLot), 'The lots'), ...sellerErrors },
      },
    },
    async (request) => ({ status: 'success' as const, data: await listReserveNotMet(db, request.user.id) }),
  );

  app.post(
    '/marketplace-api/seller/lots/:eventLotId/accept-reserve',
    {
      config: access({ session: 'required', rateLimit: POLICIES.accountWritesByUser }),
      schema: {
        tags: TAGS,
        summary: "Seller: accept the leader's price on a reserve-not-met lot",
        description:
          "Sells the lot to the leader at their price (Ended → Sold) and creates the winner's order, its deposit applied; the deposit is captured and the rest charged shortly after. Takes `Idempotency-Key`. 404: not a lot of your company; 409: not awaiting acceptance (decided, or more than 2 days after the close).",
        params: z.object({ eventLotId: z.string().min(1).max(200) }),
        querystring: noQuery,
        headers: idempotencyHeaders,
        body: z.strictObject({}).nullish(),
        response: {
          201: ok(z.object({ order }), 'Sold; the order'),
          ...sellerErrors,
          404: errorResponse('Not a lot of your company', ['NOT_FOUND']),
          409: errorResponse('Not awaiting acceptance', ['CONFLICT', 'IDEMPOTENCY_KEY_REUSED']),
        },
      },
    },
    async (request, reply) => {
      const lotId = request.params.eventLotId;
      const cad = await featureOn(db, deps.featureOverrides, 'CAD_WIRE_TRANSFER');
      const answer = await withIdempotency(
        db,
        {
          userId: request.user.id,
          key: request.headers['idempotency-key'],
          scope: `POST /marketplace-api/seller/lots/${lotId}/accept-reserve`,
          body: {},
        },
        async (tx) => {
          const created = await acceptReserve(tx, deps.mail, request.user.id, lotId);
          return { status: 201, body: { status: 'success', data: { order: await orderAnswer(tx, created.id, cad) } } };
        },
      );
      if (answer.status === 201) await publishLotChanges(db, [lotId]);
      return reply.status(answer.status).send(answer.body as never);
    },
  );
};
