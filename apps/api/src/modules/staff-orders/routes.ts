import { staffOrderParams, staffOrderResponse, staffOrdersQuery, staffOrdersResponse } from '@lotline/contracts';
import type { Database } from '@lotline/db';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../lib/http/access';
import { noQuery, ok, userReadErrors } from '../../lib/http/route-schemas';
import { errorResponse } from '../../lib/openapi';
import type { FlagOverrides } from '../orders/present-order';
import { readStaffOrder } from './read-staff-order';
import { searchStaffOrders } from './search-staff-orders';

/**
 * Staff's order search and one order's full read (decision 0091). Reads only: staff cancel and refund through
 * the orders module's routes (`POST /marketplace-api/staff/orders/{orderId}/cancel` and `…/refunds`).
 */

const TAGS = ['staff'];
const BASE = '/marketplace-api/staff/orders';
const staff = { session: 'required', role: 'staff', forbidden: 'Only Lotline staff can read any order.' } as const;
const notStaff = { 403: errorResponse('Not staff', ['FORBIDDEN']) };

export const staffOrdersRoutes: FastifyPluginAsyncZod<{ db: Database; featureOverrides: FlagOverrides }> = async (
  app,
  { db, featureOverrides },
) => {
  // Not `GET …/staff/orders?q=`: that path answers the wire queue (`?awaiting=wire`, payments) in another shape.
  app.get(
    `${BASE}/search`,
    {
      config: access(staff),
      schema: {
        tags: TAGS,
        summary: 'Staff: find orders by number, buyer e-mail or lot name',
        description:
          'Staff only. `q`: an order number (any case, or its digits alone) finds that order; otherwise part of the buyer’s e-mail address or of a lot’s name, literally, in any case. Newest first, at most 50.',
        querystring: staffOrdersQuery,
        response: { 200: ok(staffOrdersResponse, 'The orders found'), ...userReadErrors, ...notStaff },
      },
    },
    async (request) => ({ status: 'success' as const, data: { orders: await searchStaffOrders(db, request.query) } }),
  );

  app.get(
    `${BASE}/:orderId`,
    {
      config: access(staff),
      schema: {
        tags: TAGS,
        summary: 'Staff: one order with its payments, refunds, payout and the seller’s net',
        description:
          'Staff only. The order as its buyer and seller read it, plus the buyer’s id, every payment attempt, the latest payout, the net owed to the seller (decision 0078), what can still be refunded and whether it can be cancelled.',
        params: staffOrderParams,
        querystring: noQuery,
        response: {
          200: ok(staffOrderResponse, 'The order'),
          ...userReadErrors,
          ...notStaff,
          404: errorResponse('No such order', ['NOT_FOUND']),
        },
      },
    },
    async (request) => ({
      status: 'success' as const,
      data: { staffOrder: await readStaffOrder(db, request.params.orderId, featureOverrides) },
    }),
  );
};
