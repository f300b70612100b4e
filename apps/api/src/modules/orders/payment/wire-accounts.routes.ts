import { WIRE_CURRENCIES, wireAccount, wireAccountInput, wireAccountsResponse } from '@lotline/contracts';
import type { Database } from '@lotline/db';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../../lib/errors';
import { access } from '../../../lib/http/access';
import { noQuery, ok, userWriteErrors } from '../../../lib/http/route-schemas';
import { commonErrors, errorResponse } from '../../../lib/openapi';
import { listWireAccounts, removeWireAccount, setWireAccount } from './wire-accounts';

/** Staff edit the marketplace's receiving bank account per currency (decision 0070). */
const TAGS = ['payments'];
const STAFF = access({
  session: 'required',
  role: 'staff',
  forbidden: 'Only Lotline staff can change the wire transfer instructions.',
});
const params = z.strictObject({
  currency: z.enum(WIRE_CURRENCIES, { error: `The currency must be one of ${WIRE_CURRENCIES.join(', ')}.` }),
});
const refused = {
  401: errorResponse('No session', ['UNAUTHENTICATED']),
  403: errorResponse('Not staff, or sent from another origin', ['FORBIDDEN']),
};

export const wireAccountsRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/marketplace-api/staff/wire-accounts',
    {
      config: STAFF,
      schema: {
        tags: TAGS,
        summary: 'Staff: the receiving bank account per currency',
        description:
          'Staff only. Wire transfer is offered on invoices in exactly these currencies (CAD also needs CAD_WIRE_TRANSFER).',
        querystring: noQuery,
        response: { 200: ok(wireAccountsResponse, 'The set accounts, by currency'), ...refused, ...commonErrors },
      },
    },
    async () => ({ status: 'success' as const, data: { wireAccounts: await listWireAccounts(db) } }),
  );

  app.put(
    '/marketplace-api/staff/wire-accounts/:currency',
    {
      config: STAFF,
      schema: {
        tags: TAGS,
        summary: "Staff: set a currency's receiving bank account",
        description:
          'Staff only. Sets or replaces the account invoices in this currency print for wire transfer; from then on buyers may choose wire for it.',
        params,
        querystring: noQuery,
        body: wireAccountInput,
        response: { 200: ok(z.object({ wireAccount }), 'The account as stored'), ...userWriteErrors, ...refused },
      },
    },
    async (request) => ({
      status: 'success' as const,
      data: {
        wireAccount: await db.transaction((tx) =>
          setWireAccount(tx, request.params.currency, request.body, request.user.id),
        ),
      },
    }),
  );

  app.delete(
    '/marketplace-api/staff/wire-accounts/:currency',
    {
      config: STAFF,
      schema: {
        tags: TAGS,
        summary: 'Staff: stop offering wire in a currency',
        description:
          "Staff only. Removes the currency's account: its invoices no longer offer wire, and choosing wire answers 409 WIRE_NOT_OFFERED. Orders already waiting for a wire keep waiting (staff still mark them received), but show no instructions.",
        params,
        querystring: noQuery,
        response: {
          200: ok(z.object({ removed: z.literal(true) }), 'Removed'),
          ...userWriteErrors,
          ...refused,
          404: errorResponse('No account set for this currency', ['NOT_FOUND']),
        },
      },
    },
    async (request) => {
      if (!(await db.transaction((tx) => removeWireAccount(tx, request.params.currency, request.user.id))))
        throw AppError.notFound(`No wire account is set for ${request.params.currency}.`);
      return { status: 'success' as const, data: { removed: true as const } };
    },
  );
};
