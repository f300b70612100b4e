import {
  attachPhotoBody,
  lotBody,
  lotOrderBody,
  photoOrderBody,
  SELLER_LOT_CODES,
  sellerEventLotsParams,
  sellerLot,
  sellerLotIdParams,
  sellerLotPhoto,
  sellerLotPhotoParams,
  sellerLotsQuery,
  sellerLotsResponse,
} from '@lotline/contracts';
import type { Database } from '@lotline/db';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../lib/http/access';
import { noQuery, ok } from '../../lib/http/route-schemas';
import { limitedWrite, writeRateLimited } from '../../lib/http/write-limits';
import { commonErrors, errorResponse } from '../../lib/openapi';
import { requireOwnEvent, requireOwnLot } from '../sellers/company-access';
import type { UploadStorage } from '../uploads/storage';
import { copyLot } from './copy-lot';
import { createLot } from './create-lot';
import { deleteLot } from './delete-lot';
import { listEventLots } from './list-event-lots';
import { attachLotPhoto, orderLotPhotos, removeLotPhoto } from './lot-photo-writes';
import { readSellerLot } from './lot-view';
import { orderLots } from './order-lots';
import { updateLot } from './update-lot';

/** The seller console's lots and their photos (issue 16; decision 0050): thin handlers over one use-case each. */

const TAGS = ['seller'];
const EVENT_LOTS = '/marketplace-api/seller/events/:eventId/lots';
const LOT = '/marketplace-api/seller/lots/:lotId';
const signedIn = access({ session: 'required' });
const errors = {
  401: errorResponse('No session', ['UNAUTHENTICATED']),
  403: errorResponse('Not a user of the company the event or lot belongs to, or another origin', ['FORBIDDEN']),
  ...commonErrors,
};
const withEvent = { ...errors, 404: errorResponse('No such event', ['NOT_FOUND']) };
const withLot = { ...errors, 404: errorResponse('No such lot', ['NOT_FOUND']) };
const published = errorResponse('The event is no longer a draft, or has started', [SELLER_LOT_CODES.eventPublished]);
const incomplete = SELLER_LOT_CODES.publishedLotIncomplete;
const closedLot = errorResponse('The lot has closed and keeps its photos', [SELLER_LOT_CODES.locked]);
const photos = ok(z.array(sellerLotPhoto), "The lot's photos in order");
const success = <T>(data: T) => ({ status: 'success' as const, data });

export const sellerLotsRoutes: FastifyPluginAsyncZod<{ db: Database; storage: UploadStorage }> = async (
  app,
  { db, storage },
) => {
  app.get(
    EVENT_LOTS,
    {
      config: signedIn,
      schema: {
        tags: TAGS,
        summary: 'Every lot of one of your events, in sequence order, as the console table shows them',
        params: sellerEventLotsParams,
        querystring: sellerLotsQuery,
        response: { 200: ok(sellerLotsResponse, 'A page of lots'), ...withEvent },
      },
    },
    async (request) => {
      await requireOwnEvent(db, request.user.id, request.params.eventId);
      return success(await listEventLots(db, request.params.eventId, request.query));
    },
  );

  app.post(
    EVENT_LOTS,
    {
      config: limitedWrite('seller'),
      schema: {
        tags: TAGS,
        summary: 'Add a lot to one of your events (last in order, not yet open)',
        description: [
          "Every field is validated; a 400 names the field. The type must be the event's sale format's (auction:",
          'AuctionLot, buy-now: BuyItNowItem, tender: TenderLot); the location one of the event’s. A draft or a',
          'published event before its start takes only complete lots (a copy of a complete lot; a new lot has no',
          'photo yet: 409 PUBLISHED_LOT_INCOMPLETE); after the start 409 EVENT_PUBLISHED.',
        ].join(' '),
        params: sellerEventLotsParams,
        querystring: noQuery,
        body: lotBody,
        response: {
          ...writeRateLimited,
          201: ok(sellerLot, 'The new lot'),
          ...withEvent,
          409: errorResponse('The number is taken, the event has started, or it is published and the lot incomplete', [
            SELLER_LOT_CODES.numberTaken,
            SELLER_LOT_CODES.eventPublished,
            incomplete,
          ]),
        },
      },
    },
    async (request, reply) =>
      reply.status(201).send(success(await createLot(db, request.user.id, request.params.eventId, request.body))),
  );

  app.put(
    `${EVENT_LOTS}/order`,
    {
      config: limitedWrite('seller'),
      schema: {
        tags: TAGS,
        summary: "Set the order of a draft event's lots (every lot exactly once); their staggered ends follow",
        params: sellerEventLotsParams,
        querystring: noQuery,
        body: lotOrderBody,
        response: {
          ...writeRateLimited,
          200: ok(sellerLotsResponse, 'The lots in their new order'),
          ...withEvent,
          409: published,
        },
      },
    },
    async (request) => {
      await orderLots(db, request.user.id, request.params.eventId, request.body.lotIds);
      return success(await listEventLots(db, request.params.eventId, { pageSize: 500, pageNumber: 1 }));
    },
  );

  app.get(
    LOT,
    {
      config: signedIn,
      schema: {
        tags: TAGS,
        summary: 'One of your lots: every field, its photos, and what is locked and why',
        params: sellerLotIdParams,
        querystring: noQuery,
        response: { 200: ok(sellerLot, 'The lot'), ...withLot },
      },
    },
    async (request) => {
      await requireOwnLot(db, request.user.id, request.params.lotId);
      return success(await readSellerLot(db, request.params.lotId));
    },
  );

  app.put(
    LOT,
    {
      config: limitedWrite('seller'),
      schema: {
        tags: TAGS,
        summary: 'Replace every field of one of your lots',
        description: [
          'Once the event is published, a lot with a bid, tender, offer or order keeps its starting bid, reserve',
          'and type, and its quantity never drops below what is sold; a closed lot keeps everything',
          '(409 LOT_LOCKED, one entry per field, the message says why); a published lot keeps its category, location',
          'and price (409 PUBLISHED_LOT_INCOMPLETE naming what is missing).',
        ].join(' '),
        params: sellerLotIdParams,
        querystring: noQuery,
        body: lotBody,
        response: {
          ...writeRateLimited,
          200: ok(sellerLot, 'The lot as stored'),
          ...withLot,
          409: errorResponse('A locked field, the number is taken, or the published lot would be incomplete', [
            SELLER_LOT_CODES.locked,
            SELLER_LOT_CODES.numberTaken,
            incomplete,
          ]),
        },
      },
    },
    async (request) => success(await updateLot(db, request.user.id, request.params.lotId, request.body)),
  );

  app.delete(
    LOT,
    {
      config: limitedWrite('seller'),
      schema: {
        tags: TAGS,
        summary: 'Delete a lot of a draft event (with its photos)',
        params: sellerLotIdParams,
        querystring: noQuery,
        response: {
          ...writeRateLimited,
          200: ok(z.object({ deleted: z.literal(true) }), 'Deleted'),
          ...withLot,
          409: published,
        },
      },
    },
    async (request) => success(await deleteLot(db, request.user.id, request.params.lotId)),
  );

  app.post(
    `${LOT}/copy`,
    {
      config: limitedWrite('seller'),
      schema: {
        tags: TAGS,
        summary:
          'Copy one of your lots into the same event (next free number "<number>-<n>", photos and documents too, no bids)',
        params: sellerLotIdParams,
        querystring: noQuery,
        response: {
          ...writeRateLimited,
          201: ok(sellerLot, 'The copy'),
          ...withLot,
          409: errorResponse('The event has started, or it is published and the copy incomplete', [
            SELLER_LOT_CODES.eventPublished,
            incomplete,
          ]),
        },
      },
    },
    async (request, reply) => reply.status(201).send(success(await copyLot(db, request.user.id, request.params.lotId))),
  );

  app.post(
    `${LOT}/photos`,
    {
      config: limitedWrite('seller'),
      schema: {
        tags: TAGS,
        summary: 'Attach an uploaded image (signed-POST upload contract) as the last photo of one of your lots',
        params: sellerLotIdParams,
        querystring: noQuery,
        body: attachPhotoBody,
        response: {
          ...writeRateLimited,
          201: photos,
          ...withLot,
          409: errorResponse('The lot has 100 photos, or has closed', [
            SELLER_LOT_CODES.tooManyPhotos,
            SELLER_LOT_CODES.locked,
          ]),
        },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(success(await attachLotPhoto(db, storage, request.user.id, request.params.lotId, request.body.uploadId))),
  );

  app.put(
    `${LOT}/photos/order`,
    {
      config: limitedWrite('seller'),
      schema: {
        tags: TAGS,
        summary: "Order one of your lot's photos (every photo exactly once; the first is the card photo)",
        params: sellerLotIdParams,
        querystring: noQuery,
        body: photoOrderBody,
        response: { ...writeRateLimited, 200: photos, ...withLot, 409: closedLot },
      },
    },
    async (request) => success(await orderLotPhotos(db, request.user.id, request.params.lotId, request.body.photoIds)),
  );

  app.delete(
    `${LOT}/photos/:photoId`,
    {
      config: limitedWrite('seller'),
      schema: {
        tags: TAGS,
        summary: 'Remove a photo of one of your lots',
        params: sellerLotPhotoParams,
        querystring: noQuery,
        response: {
          ...writeRateLimited,
          200: photos,
          ...withLot,
          404: errorResponse('No such lot, or no such photo of it', ['NOT_FOUND']),
          409: errorResponse('The lot has closed, or it is the last photo of a published lot', [
            SELLER_LOT_CODES.locked,
            incomplete,
          ]),
        },
      },
    },
    async (request) => success(await removeLotPhoto(db, request.user.id, request.params.lotId, request.params.photoId)),
  );
};
