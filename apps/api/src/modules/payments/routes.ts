import { paymentMethod, paymentMethodDeletedResponse, paymentMethodsResponse, paymentSetup } from '@lotline/contracts';
import type { Database } from '@lotline/db';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../lib/http/access';
import { POLICIES } from '../../lib/http/rate-limit';
import { noQuery, ok, userParams, userReadErrors, userWriteErrors } from '../../lib/http/route-schemas';
import { errorResponse } from '../../lib/openapi';
import { completeSetup } from './complete-setup';
import { deletePaymentMethod } from './delete-payment-method';
import { selectPaymentMethods } from './payment-methods.repo';
import type { AfterCardsChange, PaymentProvider } from './provider';
import { setDefaultPaymentMethod } from './set-default-payment-method';
import { RETURN_PATH, startSetup } from './start-setup';

/**
 * Saved cards (contract §3, decision 0015). Adding one takes two calls
 * around the provider: start a setup (the answer says where the browser
 * goes: the provider's page, or Stripe Elements), then complete it when the
 * provider sends the browser back. Card numbers never come here.
 */

export interface PaymentsDeps {
  db: Database;
  provider: PaymentProvider;
  publicOrigin: string;
  /** The account's verification, recomputed when cards change (handed over by the app). */
  afterCardsChange: AfterCardsChange;
}

const TAGS = ['payments'];
const READ_NOTE = '`userId` must be the signed-in user; staff with the admin role may read any user.';
const WRITE_NOTE = '`userId` must be the signed-in user.';
const id = z.string().min(1).max(200);
const methodParams = userParams.extend({ paymentMethodId: id });
const setupParams = userParams.extend({ setupId: id });
const noSuchCard = errorResponse('No such card of this user', ['NOT_FOUND']);

export const paymentsRoutes: FastifyPluginAsyncZod<PaymentsDeps> = async (app, deps) => {
  const { db, provider, publicOrigin } = deps;

  app.get(
    '/marketplace-api/users/:userId/payment-methods',
    {
      config: access({ session: 'required', userPath: 'read' }),
      schema: {
        tags: TAGS,
        summary: "The user's saved cards",
        description: `${READ_NOTE} Oldest first; exactly one is the default when there are any.`,
        params: userParams,
        querystring: noQuery,
        response: { 200: ok(paymentMethodsResponse, 'The cards'), ...userReadErrors },
      },
    },
    async (request) => {
      return { status: 'success' as const, data: await selectPaymentMethods(db, request.params.userId) };
    },
  );

  app.post(
    '/marketplace-api/users/:userId/payment-setups',
    {
      config: access({ session: 'required', userPath: 'own', rateLimit: POLICIES.accountWritesByUser }),
      schema: {
        tags: TAGS,
        summary: 'Start adding a card',
        description: `${WRITE_NOTE} No body. \`next\` says where the browser goes: \`redirect\` to the sandbox provider's page, or \`stripe\` with the SetupIntent's client secret and the publishable key for Stripe Elements. Either way the browser comes back to \`${RETURN_PATH}?setup={id}\`, which completes the setup.`,
        params: userParams,
        querystring: noQuery,
        response: { 201: ok(paymentSetup, 'Started'), ...userWriteErrors },
      },
    },
    async (request, reply) => {
      const setup = await startSetup(db, provider, publicOrigin, request.user.id);
      return reply.status(201).send({ status: 'success' as const, data: setup });
    },
  );

  app.post(
    '/marketplace-api/users/:userId/payment-setups/:setupId/complete',
    {
      config: access({ session: 'required', userPath: 'own', rateLimit: POLICIES.accountWritesByUser }),
      schema: {
        tags: TAGS,
        summary: 'Complete adding a card: store the card the provider saved',
        description: `${WRITE_NOTE} No body. Asks the provider for the setup's result and keeps the card's id, brand, last4 and expiry; the first card is the default. Completing again answers the same card with 200. Recomputes \`verified\`.`,
        params: setupParams,
        querystring: noQuery,
        response: {
          200: ok(paymentMethod, 'Already completed: the card'),
          201: ok(paymentMethod, 'Stored'),
          404: errorResponse('No such setup of this user', ['NOT_FOUND']),
          409: errorResponse('The provider saved no card (declined, cancelled or not entered yet), or too many cards', [
            'SETUP_NOT_COMPLETED',
            'CONFLICT',
          ]),
          ...userWriteErrors,
        },
      },
    },
    async (request, reply) => {
      const { method, created } = await completeSetup(
        db,
        provider,
        request.user.id,
        request.params.setupId,
        deps.afterCardsChange,
      );
      return reply.status(created ? 201 : 200).send({ status: 'success' as const, data: method });
    },
  );

  app.post(
    '/marketplace-api/users/:userId/payment-methods/:paymentMethodId/default',
    {
      config: access({ session: 'required', userPath: 'own', rateLimit: POLICIES.accountWritesByUser }),
      schema: {
        tags: TAGS,
        summary: 'Make a card the default',
        description: `${WRITE_NOTE} No body.`,
        params: methodParams,
        querystring: noQuery,
        response: { 200: ok(paymentMethod, 'Now the default'), 404: noSuchCard, ...userWriteErrors },
      },
    },
    async (request) => {
      const method = await setDefaultPaymentMethod(db, request.user.id, request.params.paymentMethodId);
      return { status: 'success' as const, data: method };
    },
  );

  app.delete(
    '/marketplace-api/users/:userId/payment-methods/:paymentMethodId',
    {
      config: access({ session: 'required', userPath: 'own', rateLimit: POLICIES.accountWritesByUser }),
      schema: {
        tags: TAGS,
        summary: 'Remove a card',
        description: `${WRITE_NOTE} Removing the default makes the oldest remaining card the default. Recomputes \`verified\`.`,
        params: methodParams,
        querystring: noQuery,
        response: { 200: ok(paymentMethodDeletedResponse, 'Removed'), 404: noSuchCard, ...userWriteErrors },
      },
    },
    async (request) => {
      await deletePaymentMethod(
        db,
        provider,
        request.log,
        request.user.id,
        request.params.paymentMethodId,
        deps.afterCardsChange,
      );
      return { status: 'success' as const, data: { deleted: true as const } };
    },
  );
};
