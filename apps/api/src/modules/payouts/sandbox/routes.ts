import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { renderMissingLinkPage, renderOnboardingPage } from './page';
import { SANDBOX_CONNECT_PREFIX, type SandboxConnectProvider } from './sandbox-connect';

/**
 * The sandbox Connect provider's pages (decision 0090), under /payments-sandbox like its card pages: the onboarding
 * page, its POST and "return without finishing". The link id in the path is the secret, as Stripe's Account Link
 * URL is; a used or expired link is sent to the merchant's refresh URL. Forms are url-encoded; this plugin alone
 * parses that type.
 */

const TAGS = ['payments-sandbox'];
const params = z.object({ linkId: z.string().min(1).max(100) });
const finishForm = z.object({ outcome: z.enum(['verified', 'restricted']).default('verified') });
const html = z.string().describe('An HTML page');
/** Where the provider sends the browser once the link is spent: the merchant's URL, or our page for no such link. */
const finish = (reply: FastifyReply, to: string | null) =>
  to ? reply.redirect(to, 303) : reply.status(404).type('text/html; charset=utf-8').send(renderMissingLinkPage());
const CSP =
  "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

export const sandboxConnectRoutes: FastifyPluginAsyncZod<{ sandbox: SandboxConnectProvider }> = async (
  app,
  { sandbox },
) => {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
  app.addHook('onSend', async (_request, reply) => {
    reply.header('content-security-policy', CSP);
    reply.header('cache-control', 'no-store');
    // Not no-referrer: the form's POST would carry `Origin: null`, which the same-origin check refuses.
    reply.header('referrer-policy', 'same-origin');
  });

  app.get(
    `${SANDBOX_CONNECT_PREFIX}/:linkId`,
    {
      schema: {
        tags: TAGS,
        summary: "The sandbox provider's payout onboarding page",
        description:
          'HTML. The seller console sends the browser here to connect a payout account (see the seller tag).',
        params,
        response: { 200: html, 404: html },
      },
    },
    async (request, reply) => {
      const link = await sandbox.link(request.params.linkId);
      reply.type('text/html; charset=utf-8');
      if (!link) return reply.status(404).send(renderMissingLinkPage());
      if (!link.usable) return reply.redirect(link.refreshUrl, 303);
      return renderOnboardingPage(link.id, link.accountId);
    },
  );

  app.post(
    `${SANDBOX_CONNECT_PREFIX}/:linkId`,
    {
      schema: {
        tags: TAGS,
        summary: 'Finish onboarding on the sandbox page',
        description:
          'Form field `outcome`: `verified` (payouts enabled) or `restricted` (details submitted, payouts disabled). 303 to the return URL; a used or expired link 303 to the refresh URL.',
        params,
        body: finishForm,
        consumes: ['application/x-www-form-urlencoded'],
        response: { 404: html },
      },
    },
    async (request, reply) =>
      finish(reply, await sandbox.finishOnboarding(request.params.linkId, request.body.outcome)),
  );

  app.post(
    `${SANDBOX_CONNECT_PREFIX}/:linkId/leave`,
    {
      schema: {
        tags: TAGS,
        summary: 'Leave the sandbox onboarding page without finishing',
        description: '303 to the return URL, the account unchanged (Stripe returns the same way).',
        params,
        consumes: ['application/x-www-form-urlencoded'],
        response: { 404: html },
      },
    },
    async (request, reply) => finish(reply, await sandbox.finishOnboarding(request.params.linkId, null)),
  );
};
