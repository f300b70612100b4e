import { activationResponse, me, successEnvelope } from '@lotline/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../lib/http/access';
import { noQuery } from '../../lib/http/route-schemas';
import { commonErrors, errorResponse } from '../../lib/openapi';
import type { IdentityDeps } from './deps';
import { getActivation } from './get-activation';
import { getMe } from './get-me';

const TAGS = ['identity'];
const unauthenticated = { 401: errorResponse('No session', ['UNAUTHENTICATED']) };

/** The contract's user endpoints (§3) that this slice serves. */
export const usersRoutes: FastifyPluginAsyncZod<IdentityDeps> = async (app, deps) => {
  const { db } = deps;

  app.get(
    '/marketplace-api/users/me',
    {
      config: access({ session: 'required' }),
      schema: {
        tags: TAGS,
        summary: 'The signed-in user',
        querystring: noQuery,
        response: { 200: successEnvelope(me).describe('The signed-in user'), ...unauthenticated, ...commonErrors },
      },
    },
    async (request) => {
      return { status: 'success' as const, data: await getMe(db, request.user.id) };
    },
  );

  app.get(
    '/marketplace-api/users/:userId/activation',
    {
      config: access({ session: 'required', userPath: 'read' }),
      schema: {
        tags: TAGS,
        summary: "Whether the user's e-mail address is activated",
        description: '`userId` must be the signed-in user; staff with the admin role may read any user.',
        params: z.object({ userId: z.string().min(1).max(200) }),
        querystring: noQuery,
        response: {
          200: successEnvelope(activationResponse).describe('Activation state'),
          ...unauthenticated,
          403: errorResponse('Another user', ['FORBIDDEN']),
          404: errorResponse('No such user (admins only)', ['NOT_FOUND']),
          ...commonErrors,
        },
      },
    },
    async (request) => {
      return { status: 'success' as const, data: await getActivation(db, request.params.userId) };
    },
  );
};
