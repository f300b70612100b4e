import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { ERROR_STATUS } from '@lotline/contracts';
import type { FastifyInstance } from 'fastify';
import { createJsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { docsCsp } from './security-headers';

/**
 * OpenAPI 3.1 generated from the routes' zod schemas (contract: "kept in step
 * with the code by generation, not by hand"). Served at /openapi.json, with a
 * readable page at /docs.
 */

export const DOCS_PREFIX = '/docs';

const DESCRIPTION = `The HTTP API of Lotline.

Every JSON answer is an envelope: \`{"status":"success","data":…}\` on success, and on failure
\`{"status":"error","errors":[{"code","message","field?"}]}\`; clients act on the first \`code\`.
Base codes: ${Object.entries(ERROR_STATUS)
  .map(([code, status]) => `\`${code}\` ${status}`)
  .join(', ')}. Each operation lists the codes it can answer.

Every response carries \`x-request-id\` (the caller's, when it sends a plain one of up to 128
characters, else a generated one); quote it when reporting a problem.

Any operation may answer \`503 SERVICE_UNAVAILABLE\` with \`Retry-After\` (seconds) while the database cannot be
reached (a restart, a failover): nothing was done; send the same request again after that time.

Query objects (\`esQuery\`, \`query\`) are URL-encoded JSON: \`{"operator":"and"|"or","params":[{"field","op","value"}]}\`
with \`op\` one of eq, ne, in, nin, gt, gte, lt, lte, exists. Conditions whose value is "", null or []
are ignored. Unknown fields, operators, query parameters or wrongly typed values are 400 VALIDATION_FAILED.`;

/** An error envelope whose `code` is documented as exactly the codes this answer can carry. */
export function errorResponse(description: string, codes: readonly [string, ...string[]]) {
  return z
    .object({
      status: z.literal('error'),
      errors: z.array(z.object({ code: z.enum(codes), message: z.string(), field: z.string().optional() })).min(1),
    })
    .describe(`${description} (${codes.join(', ')})`);
}

/** What any route may answer besides its own cases. */
export const commonErrors = {
  400: errorResponse('Invalid input: bad parameter, query object, body or unknown parameter', ['VALIDATION_FAILED']),
  500: errorResponse('Unexpected failure; the message carries a reference to quote', ['INTERNAL']),
};

export function registerOpenApi(app: FastifyInstance, publicOrigin: string) {
  app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Lotline API', version: '0.1.0', description: DESCRIPTION },
      tags: [
        { name: 'catalog', description: 'Product categories, brands, catalog products' },
        { name: 'events', description: 'Events and their lots' },
        { name: 'live', description: 'Server-Sent Events of lot changes (price, bids, end, status)' },
        { name: 'files', description: 'Stored files (photos, attachments), photos resized to WebP (?w=, ?q=)' },
        {
          name: 'identity',
          description: 'Accounts: sign-up, sign-in, sign-out, activation, password reset, e-mail and password change',
        },
        {
          name: 'account',
          description: 'The account area: user vars, addresses, bidder terms, verification state',
        },
        {
          name: 'watchlist',
          description:
            'Wishlists of event lots and events, and the legacy wishlist endpoints (auction, auction_lot, company)',
        },
        {
          name: 'uploads',
          description: 'Signed POST policies for uploading files, and the embedded storage that takes the POST',
        },
        {
          name: 'messages',
          description: 'Conversations between a buyer and a seller company about an event or a lot; inboxes',
        },
        {
          name: 'payments',
          description:
            'Saved cards: list, add (a setup with the payment provider, then complete), make default, remove',
        },
        {
          name: 'orders',
          description:
            "Orders: the buyer's and the seller's, the PDF invoice or receipt, the seller's approval and fulfilment, order threads",
        },
        {
          name: 'payments-sandbox',
          description:
            "The built-in sandbox payment provider's own pages (HTML), where the card is typed; not part of the API",
        },
        {
          name: 'registrations',
          description:
            'Registration to bid in an event with its deposit hold (BIDDING §6), and the seller’s or staff’s decision on it',
        },
        {
          name: 'tax-exemptions',
          description: "Resellers' tax exemption certificates and their review by staff (spec §4 verification)",
        },
        { name: 'lots', description: 'One lot for its page, recently viewed lots' },
        {
          name: 'bidding',
          description:
            "Auction bidding (BIDDING.md): a lot's bidding state, placing bids, their price history, a user's bidder rows, My Bids",
        },
        {
          name: 'offers',
          description: "Best offers on Buy Now items: the buyer's offers and answers to counters, the seller's answers",
        },
        {
          name: 'tenders',
          description:
            'Sealed tenders (issue 15): your own tender, replaced until the close; the seller sees the tenders only after it and awards one or none',
        },
        {
          name: 'buy-now',
          description: "Buy now (issue 15): a buy-now item's price, stock and all-in price, and buying units of it",
        },
        { name: 'places', description: 'Place suggestions and the nearest place (US and Canada, offline gazetteer)' },
        { name: 'platform', description: 'Feature flags and other platform settings' },
        { name: 'search', description: 'Lot and event search, facets, fallbacks, similar lots' },
        { name: 'cms', description: 'Content sections of the browse pages' },
        { name: 'sellers', description: 'Seller companies, featured sellers' },
        {
          name: 'seller',
          description:
            "The seller console (issue 16), for a company's users only: the company's profile, members and invitations, its events and their lots",
        },
        {
          name: 'seller-applications',
          description: 'Seller onboarding: a user applies to sell; staff approve (the company is created) or decline',
        },
        { name: 'sitemap', description: 'Public documents a page at a time, for the sitemaps' },
        { name: 'staff', description: 'Running the marketplace: staff pages, the audit log of staff writes' },
        { name: 'system', description: 'Health and documentation' },
      ],
    },
    transform: createJsonSchemaTransform({
      skipList: [`${DOCS_PREFIX}/*`, '/openapi.json'],
    }),
    // Emits the schemas registered with an id (recursive ones, e.g. CategoryFacetNode) as components.
    transformObject: jsonSchemaTransformObject,
  });
  app.register(fastifySwaggerUi, {
    routePrefix: DOCS_PREFIX,
    staticCSP: true,
    transformStaticCSP: docsCsp(publicOrigin),
  });
}
