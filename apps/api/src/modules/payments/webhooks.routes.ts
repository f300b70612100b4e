import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import Stripe from 'stripe';
import { z } from 'zod';
import { AppError } from '../../lib/errors';
import { errorResponse } from '../../lib/openapi';
import type { PaymentEvent, PaymentEventHandler } from './provider';

export interface WebhookDeps {
  /** The orders module's handler of provider events, handed over by the app. */
  onEvent: PaymentEventHandler;
  /** STRIPE_WEBHOOK_SECRET; unset: every call is refused (there is no Stripe to listen to). */
  secret: string | undefined;
}

/**
 * Stripe's webhook (decision 0044). Stripe signs the exact bytes it sends, so
 * this plugin (encapsulated) reads JSON bodies as a Buffer, and the signature
 * is checked with `constructEvent` before anything is read from them. The
 * same-origin check exempts this path (`SAME_ORIGIN_EXEMPT_PREFIXES`): Stripe
 * is another server, and the signature is the authentication.
 */
export const paymentWebhookRoutes: FastifyPluginAsyncZod<WebhookDeps> = async (app, deps) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.post(
    '/payments/webhooks/stripe',
    {
      schema: {
        tags: ['payments'],
        summary: "Stripe's payment events",
        description:
          'Signed by Stripe (`Stripe-Signature`, verified with STRIPE_WEBHOOK_SECRET). `payment_intent.succeeded` pays the order whose payment the intent is; `payment_intent.payment_failed` records the refusal. A repeated event id changes nothing. An event whose payment id, amount or currency differ from the payment attempt it names, or that names none, changes nothing and is answered 200 `flagged` (kept for staff, so Stripe does not retry it); so is a success for an attempt already failed, which is refunded.',
        headers: z.looseObject({ 'stripe-signature': z.string().max(2000).optional() }),
        response: {
          200: z.object({
            received: z.literal(true),
            outcome: z.enum(['recorded', 'duplicate', 'ignored', 'flagged']),
          }),
          400: errorResponse('No valid signature', ['VALIDATION_FAILED']),
        },
      },
    },
    async (request) => {
      const signature = request.headers['stripe-signature'];
      if (!deps.secret || !signature || !Buffer.isBuffer(request.body)) {
        throw AppError.validation('A signed Stripe event is required.', 'stripe-signature');
      }
      let event: PaymentEvent;
      try {
        event = Stripe.webhooks.constructEvent(request.body, signature, deps.secret) as unknown as PaymentEvent;
      } catch {
        throw AppError.validation('The Stripe signature does not match this event.', 'stripe-signature');
      }
      const outcome = await deps.onEvent('stripe', event);
      return { received: true as const, outcome };
    },
  );
};
