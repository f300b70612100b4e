import {
  createEventBody,
  eventLocationBody,
  publishEventBody,
  SELLER_EVENT_CODES,
  sellerEvent,
  sellerEventIdParams,
  sellerEventLocation,
  sellerEventLocationParams,
  sellerEventsQuery,
  sellerEventsResponse,
  updateEventBody,
} from '@lotline/contracts';
import type { Database } from '@lotline/db';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../lib/http/access';
import { noQuery, ok } from '../../lib/http/route-schemas';
import { limitedWrite } from '../../lib/http/write-limits';
import { commonErrors, errorResponse } from '../../lib/openapi';
import { requireOwnEvent } from '../sellers/company-access';
import type { UploadStorage } from '../uploads/storage';
import { createEvent } from './create-event';
import { addEventLocation, deleteEventLocation } from './event-locations';
import { readSellerEvent } from './event-view';
import { finalizeEvent } from './finalize-event';
import { listSellerEvents } from './list-seller-events';
import { publishEvent } from './publish-event';
import { updateEvent } from './update-event';

/** The seller console's events (issue 16; decision 0049): thin handlers over one use-case each. */

const TAGS = ['seller'];
const EVENTS = '/marketplace-api/seller/events';
const EVENT = `${EVENTS}/:eventId`;
const signedIn = access({ session: 'required' });
/** Writes are rate-limited per user like the other console and account writes: generous for a person. */
const write = limitedWrite('seller');
const errors = {
  401: errorResponse('No session', ['UNAUTHENTICATED']),
  403: errorResponse('Not a user of the company the event belongs to, or another origin', ['FORBIDDEN']),
  ...commonErrors,
};
const withEvent = { ...errors, 404: errorResponse('No such event', ['NOT_FOUND']) };
const limited = { 429: errorResponse('Too many changes; Retry-After says when to try again', ['RATE_LIMITED']) };
const success = <T>(data: T) => ({ status: 'success' as const, data });

export const sellerEventsRoutes: FastifyPluginAsyncZod<{ db: Database; storage: UploadStorage }> = async (
  app,
  { db, storage },
) => {
  app.get(
    EVENTS,
    {
      config: signedIn,
      schema: {
        tags: TAGS,
        summary: "Your companies' events, every status (drafts too), newest first",
        querystring: sellerEventsQuery,
        response: { 200: ok(sellerEventsResponse, 'A page of events'), ...errors },
      },
    },
    async (request) => success(await listSellerEvents(db, request.user.id, request.query)),
  );

  app.post(
    EVENTS,
    {
      config: write,
      schema: {
        tags: TAGS,
        summary: 'Create an event (a draft) for one of your companies',
        description: 'Every field is validated; a 400 names the field. The event stays a draft until published.',
        querystring: noQuery,
        body: createEventBody,
        response: { 201: ok(sellerEvent, 'The new draft event'), ...errors, ...limited },
      },
    },
    async (request, reply) =>
      reply.status(201).send(success(await createEvent(db, request.user.id, request.body, storage))),
  );

  app.get(
    EVENT,
    {
      config: signedIn,
      schema: {
        tags: TAGS,
        summary: 'One of your events, every field, with its locations',
        params: sellerEventIdParams,
        querystring: noQuery,
        response: { 200: ok(sellerEvent, 'The event'), ...withEvent },
      },
    },
    async (request) => {
      await requireOwnEvent(db, request.user.id, request.params.eventId);
      return success(await readSellerEvent(db, request.params.eventId));
    },
  );

  app.put(
    EVENT,
    {
      config: write,
      schema: {
        tags: TAGS,
        summary: 'Replace the editable fields of one of your events',
        description: [
          'A draft: everything. Published: the end may not move earlier, the start may not move once it has passed,',
          'and the sale format, deposit and auction settings may not change once a lot has a bid or the event a',
          'registration (409 EVENT_LOCKED, one entry per field). Name, title, description, terms and attachments',
          'stay editable.',
        ].join(' '),
        params: sellerEventIdParams,
        querystring: noQuery,
        body: updateEventBody,
        response: {
          200: ok(sellerEvent, 'The event as stored'),
          ...withEvent,
          ...limited,
          409: errorResponse('A field bidders rely on is locked', [SELLER_EVENT_CODES.locked]),
        },
      },
    },
    async (request) => success(await updateEvent(db, request.user.id, request.params.eventId, request.body, storage)),
  );

  app.post(
    `${EVENT}/locations`,
    {
      config: write,
      schema: {
        tags: TAGS,
        summary: 'Add a disposition location (city, region, country, tax rate, position) to one of your events',
        params: sellerEventIdParams,
        querystring: noQuery,
        body: eventLocationBody,
        response: { 201: ok(sellerEventLocation, 'The new location'), ...withEvent, ...limited },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(success(await addEventLocation(db, request.user.id, request.params.eventId, request.body))),
  );

  app.delete(
    `${EVENT}/locations/:locationId`,
    {
      config: write,
      schema: {
        tags: TAGS,
        summary: 'Remove a location of one of your events that no lot uses',
        params: sellerEventLocationParams,
        querystring: noQuery,
        response: {
          200: ok(z.object({ deleted: z.literal(true) }), 'Removed'),
          ...withEvent,
          ...limited,
          404: errorResponse('No such event, or no such location of it', ['NOT_FOUND']),
          409: errorResponse('A lot of the event is at this location', ['CONFLICT']),
        },
      },
    },
    async (request) =>
      success(await deleteEventLocation(db, request.user.id, request.params.eventId, request.params.locationId)),
  );

  app.post(
    `${EVENT}/publish`,
    {
      config: write,
      schema: {
        tags: TAGS,
        summary: 'Publish a draft event (as published or view-only) after the publish checks',
        description: [
          'Checks, all reported at once (409 PUBLISH_CHECKS_FAILED, one entry per problem): at least one lot and',
          'one location; the end in the future (database clock) and after the start; every lot with a photo, a',
          'category, a price (buy-it-now price for BuyItNowItem, starting bid for AuctionLot) and a location',
          '(`field` `lots[<number>].<field>`). Passing: the event and its lots are public at once. Only a draft can',
          'be published (409 CONFLICT otherwise).',
        ].join(' '),
        params: sellerEventIdParams,
        querystring: noQuery,
        body: publishEventBody,
        response: {
          200: ok(sellerEvent, 'The published event'),
          ...withEvent,
          ...limited,
          409: errorResponse('Checks failed, or not a draft', [SELLER_EVENT_CODES.publishChecksFailed, 'CONFLICT']),
        },
      },
    },
    async (request) => success(await publishEvent(db, request.user.id, request.params.eventId, request.body.as)),
  );

  app.post(
    `${EVENT}/finalize`,
    {
      config: write,
      schema: {
        tags: TAGS,
        summary: 'Finalize a published or view-only event once its last lot has closed',
        params: sellerEventIdParams,
        querystring: noQuery,
        response: {
          200: ok(sellerEvent, 'The finalized event'),
          ...withEvent,
          ...limited,
          409: errorResponse('A lot is still open or pending, or the event is not published', ['CONFLICT']),
        },
      },
    },
    async (request) => success(await finalizeEvent(db, request.user.id, request.params.eventId)),
  );
};
