import {
  currentTermsResponse,
  noQuerystring,
  successEnvelope,
  TERMS_CODES,
  termsAgreementBody,
  termsAgreementState,
} from '@lotline/contracts';
import type { Database } from '@lotline/db';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../lib/http/access';
import { POLICIES } from '../../lib/http/rate-limit';
import { noQuery, ok, userParams, userReadErrors, userWriteErrors } from '../../lib/http/route-schemas';
import { commonErrors, errorResponse } from '../../lib/openapi';
import { currentTerms, toTermsVersion } from './current-terms';
import { agreeToTerms, termsState } from './terms-agreement';

/** The Terms of Use in force, and a user's agreement to them (decision 0084). */
export const termsRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/marketplace/api/legal/terms-of-use',
    {
      schema: {
        tags: ['cms'],
        summary: 'The Terms of Use in force',
        description: 'Markdown; raw HTML in it is text, not markup. `publishedAt` is the date the page shows.',
        querystring: noQuerystring,
        response: { 200: successEnvelope(currentTermsResponse).describe('The version in force'), ...commonErrors },
      },
    },
    async () => {
      const { publishedBy: _by, ...terms } = toTermsVersion(await currentTerms(db));
      return { status: 'success' as const, data: { terms } };
    },
  );

  app.get(
    '/marketplace-api/users/:userId/terms-agreement',
    {
      config: access({ session: 'required', userPath: 'read' }),
      schema: {
        tags: ['account'],
        summary: 'Whether the user agreed to the Terms of Use in force',
        description: `\`userId\` must be the signed-in user; an admin may read any user. Not agreed: bids and registrations answer 403 \`${TERMS_CODES.notAgreed}\`.`,
        params: userParams,
        querystring: noQuery,
        response: { 200: ok(termsAgreementState, 'The version in force and the agreement'), ...userReadErrors },
      },
    },
    async (request) => ({ status: 'success' as const, data: await termsState(db, request.params.userId) }),
  );

  app.post(
    '/marketplace-api/users/:userId/terms-agreement',
    {
      config: access({ session: 'required', userPath: 'own', rateLimit: POLICIES.accountWritesByUser }),
      schema: {
        tags: ['account'],
        summary: 'Agree to the Terms of Use in force',
        description: `\`userId\` must be the signed-in user. \`version\`: the number read; an older one answers 409 \`${TERMS_CODES.stale}\`. Agreeing again changes nothing.`,
        params: userParams,
        querystring: noQuery,
        body: termsAgreementBody,
        response: {
          200: ok(termsAgreementState, 'Agreed'),
          ...userWriteErrors,
          409: errorResponse('Not the version in force', [TERMS_CODES.stale]),
        },
      },
    },
    async (request) => ({
      status: 'success' as const,
      data: await agreeToTerms(db, request.params.userId, request.body.version),
    }),
  );
};
