import type { Database } from '@lotline/db';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../../lib/http/access';
import { noQuery, ok } from '../../../lib/http/route-schemas';
import { commonErrors, errorResponse } from '../../../lib/openapi';
import { openPaymentAlerts } from './payment-alerts';

const alert = z.object({
  _id: z.string(),
  kind: z.enum(['mismatch', 'orphan', 'late-success']),
  eventId: z.string().describe("The provider's event id, or `retrieve:<attempt>` for the stuck-payments job"),
  attemptId: z.string().nullable(),
  orderId: z.string().nullable(),
  details: z.record(z.string(), z.unknown()).describe('What differed (expected / got), or the refund made'),
  createdAt: z.string(),
});

/** Staff: provider payments that need a person (issue 26, decision 0071). */
export const paymentAlertsRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/marketplace-api/staff/payment-alerts',
    {
      config: access({ session: 'required', role: 'staff', forbidden: 'Only Lotline staff can see payment alerts.' }),
      schema: {
        tags: ['payments'],
        summary: 'Staff: open payment alerts',
        description:
          'Staff only. Provider events the webhook did not apply (a payment id, amount or currency unlike the attempt: `mismatch`; no attempt of ours: `orphan`) and money taken for an attempt already failed (`late-success`, open until its refund went through), oldest first (at most 200).',
        querystring: noQuery,
        response: {
          200: ok(z.array(alert), 'The open alerts'),
          401: errorResponse('No session', ['UNAUTHENTICATED']),
          403: errorResponse('Not staff', ['FORBIDDEN']),
          ...commonErrors,
        },
      },
    },
    async () => {
      const rows = await openPaymentAlerts(db);
      const data = rows.map(({ id, createdAt, ...row }) => ({ _id: id, ...row, createdAt: createdAt.toISOString() }));
      return { status: 'success' as const, data };
    },
  );
};
