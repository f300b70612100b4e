import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { renderCardPage, renderMissingPage } from './page';
import { SANDBOX_PREFIX, type SandboxPaymentProvider } from './sandbox-provider';

/**
 * The sandbox provider's own pages (decision 0015), under /payments-sandbox,
 * apart from the API's routes: the card form, its POST (the only place a
 * card number is ever sent) and Cancel. Forms are url-encoded; this plugin
 * alone parses that type.
 */

const TAGS = ['payments-sandbox'];
const params = z.object({ sessionId: z.string().min(1).max(100) });
const cardForm = z.object({
  number: z.string().max(40).default(''),
  expiry: z.string().max(20).default(''),
  cvc: z.string().max(10).default(''),
  name: z.string().max(200).default(''),
});
const html = z.string().describe('An HTML page');
const CSP =
  "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

export const sandboxRoutes: FastifyPluginAsyncZod<{ sandbox: SandboxPaymentProvider }> = async (app, { sandbox }) => {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
  app.addHook('onSend', async (_request, reply) => {
    reply.header('content-security-policy', CSP);
    reply.header('cache-control', 'no-store');
    // Not no-referrer: with it the browser sends `Origin: null` on the form's POST, which the same-origin check refuses.
    reply.header('referrer-policy', 'same-origin');
  });

  app.get(
    `${SANDBOX_PREFIX}/setup/:sessionId`,
    {
      schema: {
        tags: TAGS,
        summary: "The sandbox provider's card page",
        description: 'HTML. The browser is sent here by a setup (see the payments tag).',
        params,
        response: { 200: html, 404: html },
      },
    },
    async (request, reply) => {
      const session = await sandbox.session(request.params.sessionId);
      reply.type('text/html; charset=utf-8');
      if (!session) return reply.status(404).send(renderMissingPage());
      if (session.status !== 'requires_payment_method') return reply.redirect(await sandbox.cancelSetup(session), 303);
      return renderCardPage({ sessionId: session.id });
    },
  );

  app.post(
    `${SANDBOX_PREFIX}/setup/:sessionId`,
    {
      schema: {
        tags: TAGS,
        summary: 'Submit the card form of the sandbox provider',
        description:
          'Form fields `number`, `expiry` (MM / YY), `cvc`, `name`. Saved: 303 to the return URL with `setup_intent` and `redirect_status=succeeded`. Invalid or declined: 422 with the page and its messages.',
        params,
        body: cardForm,
        consumes: ['application/x-www-form-urlencoded'],
        response: { 422: html, 404: html },
      },
    },
    async (request, reply) => {
      const session = await sandbox.session(request.params.sessionId);
      reply.type('text/html; charset=utf-8');
      if (!session) return reply.status(404).send(renderMissingPage());
      const outcome = await sandbox.submitCard(session, request.body);
      if (outcome.kind === 'saved' || outcome.kind === 'closed') return reply.redirect(outcome.redirectTo, 303);
      const values = { expiry: request.body.expiry, name: request.body.name };
      const page =
        outcome.kind === 'declined'
          ? renderCardPage({ sessionId: session.id, values, declined: outcome.message })
          : renderCardPage({ sessionId: session.id, values, errors: outcome.errors });
      return reply.status(422).send(page);
    },
  );

  app.post(
    `${SANDBOX_PREFIX}/setup/:sessionId/cancel`,
    {
      schema: {
        tags: TAGS,
        summary: 'Cancel adding a card on the sandbox page',
        description: '303 to the return URL with `redirect_status=failed`.',
        params,
        consumes: ['application/x-www-form-urlencoded'],
        response: { 404: html },
      },
    },
    async (request, reply) => {
      const session = await sandbox.session(request.params.sessionId);
      if (!session) return reply.status(404).type('text/html; charset=utf-8').send(renderMissingPage());
      return reply.redirect(await sandbox.cancelSetup(session), 303);
    },
  );
};
