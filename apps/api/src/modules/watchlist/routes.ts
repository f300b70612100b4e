import {
  legacyAuctionWatchQuerystring,
  legacyAuctionWatchResponse,
  legacyLotWatchQuerystring,
  legacyLotWatchResponse,
  legacyWatchBody,
  legacyWatchResponse,
  watchlistResponse,
  wishlistBody,
  wishlistDeletedResponse,
  wishlistResponse,
  wishlistsQuerystring,
  wishlistsResponse,
} from '@lotline/contracts';
import type { Database } from '@lotline/db';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../lib/http/access';
import { POLICIES } from '../../lib/http/rate-limit';
import { noQuery, ok, userParams, userReadErrors, userWriteErrors } from '../../lib/http/route-schemas';
import { commonErrors, errorResponse } from '../../lib/openapi';
import { deleteWishlist } from './delete-wishlist';
import { getWatchlist } from './get-watchlist';
import { LEGACY_TARGET_TYPE, listWatchedIds, unwatchLegacyTarget, watchLegacyTarget } from './legacy-watch';
import { listWishlists } from './list-wishlists';
import { watchDocument } from './watch-document';

/**
 * Watchlists (contract §3, decision 0011). Look-ups and toggles need a session
 * (spec §6: the watch button is inert for visitors, look-ups run only when
 * signed in). `{userId}` must be the signed-in user (contract §1).
 */

const TAGS = ['watchlist'];
const wishlistParams = userParams.extend({ wishlistId: z.string().min(1).max(200) });

const reading = userReadErrors;
const writing = userWriteErrors;
const legacyReading = { 401: errorResponse('No session', ['UNAUTHENTICATED']), ...commonErrors };
const legacyWriting = {
  ...legacyReading,
  403: errorResponse('Sent from another origin (CSRF)', ['FORBIDDEN']),
  429: errorResponse('Too many changes; Retry-After says when to try again', ['RATE_LIMITED']),
};

export const watchlistRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/marketplace/api/identity/users/:userId/wishlists',
    {
      config: access({ session: 'required', userPath: 'read' }),
      schema: {
        tags: TAGS,
        summary: "The user's wishlists (watched event lots and events)",
        description:
          '`userId` must be the signed-in user; staff with the admin role may read any user. Without `dto`, or with empty conditions, every wishlist of the user (of the type, when given) is listed, newest first (at most 1000).',
        params: userParams,
        querystring: wishlistsQuerystring,
        response: { 200: ok(wishlistsResponse, 'The matching wishlists'), ...reading },
      },
    },
    async (request) => {
      const dto = request.query.dto;
      const wishlists = await listWishlists(db, request.params.userId, {
        documentIds: dto?.documentId,
        documentType: dto?.documentType,
      });
      return { status: 'success' as const, data: { wishlists } };
    },
  );

  app.post(
    '/marketplace/api/identity/users/:userId/wishlists',
    {
      config: access({ session: 'required', userPath: 'own', rateLimit: POLICIES.watchlistWritesByUser }),
      schema: {
        tags: TAGS,
        summary: 'Watch an event lot or an event',
        description:
          '`userId` must be the signed-in user. Adding twice is a no-op: 200 with the first row (201 when added). A hidden lot or a draft event answers as an unknown one.',
        params: userParams,
        querystring: noQuery,
        body: wishlistBody,
        response: {
          200: ok(wishlistResponse, 'Already watched: the existing wishlist'),
          201: ok(wishlistResponse, 'Added'),
          404: errorResponse('No such event lot or event', ['NOT_FOUND']),
          ...writing,
        },
      },
    },
    async (request, reply) => {
      const { documentId, documentType } = request.body;
      const { row, created } = await watchDocument(db, request.user.id, documentType, documentId);
      const wishlist = { _id: row.id, documentId: row.documentId, documentType };
      return reply.status(created ? 201 : 200).send({ status: 'success' as const, data: { wishlist } });
    },
  );

  app.delete(
    '/marketplace/api/identity/users/:userId/wishlists/:wishlistId',
    {
      config: access({ session: 'required', userPath: 'own', rateLimit: POLICIES.watchlistWritesByUser }),
      schema: {
        tags: TAGS,
        summary: 'Stop watching (remove one wishlist)',
        description: "`userId` must be the signed-in user. Another user's wishlist id answers 404.",
        params: wishlistParams,
        querystring: noQuery,
        response: {
          200: ok(wishlistDeletedResponse, 'Removed'),
          404: errorResponse('No such wishlist of this user', ['NOT_FOUND']),
          ...writing,
        },
      },
    },
    async (request) => {
      await deleteWishlist(db, request.user.id, request.params.wishlistId);
      return { status: 'success' as const, data: { deleted: true as const } };
    },
  );

  app.get(
    '/marketplace-api/users/:userId/watchlist',
    {
      config: access({ session: 'required', userPath: 'read' }),
      schema: {
        tags: TAGS,
        summary: 'The My Watchlist page: watched event lots and events with their names',
        description:
          '`userId` must be the signed-in user; staff with the admin role may read any user. Newest first, at most 500 of each kind. Lots the seller has hidden and draft events are left out. `wishlistId` is the id to DELETE.',
        params: userParams,
        querystring: noQuery,
        response: { 200: ok(watchlistResponse, 'The watchlist'), ...reading },
      },
    },
    async (request) => {
      return { status: 'success' as const, data: await getWatchlist(db, request.params.userId) };
    },
  );

  app.get(
    '/user/wishlist/auction-lot-wishlist/data',
    {
      config: access({ session: 'required' }),
      schema: {
        tags: TAGS,
        summary: 'Legacy: which of these legacy lots the signed-in user watches',
        description: 'Only the watched ids are listed, each once. At most 500 ids.',
        querystring: legacyLotWatchQuerystring,
        response: { 200: ok(legacyLotWatchResponse, 'The watched ones'), ...legacyReading },
      },
    },
    async (request) => {
      const ids = await listWatchedIds(
        db,
        request.user.id,
        LEGACY_TARGET_TYPE.auction_lot,
        request.query['auction_lot_ids[]'],
      );
      return { status: 'success' as const, data: { auction_lots: ids.map((id) => ({ id, watched: true as const })) } };
    },
  );

  app.get(
    '/user/wishlist/auction-wishlist/data',
    {
      config: access({ session: 'required' }),
      schema: {
        tags: TAGS,
        summary: 'Legacy: which of these auctions (events) the signed-in user watches',
        description: 'An auction is an event; only the watched ids are listed, each once. At most 500 ids.',
        querystring: legacyAuctionWatchQuerystring,
        response: { 200: ok(legacyAuctionWatchResponse, 'The watched ones'), ...legacyReading },
      },
    },
    async (request) => {
      const ids = await listWatchedIds(db, request.user.id, LEGACY_TARGET_TYPE.auction, request.query['auction_ids[]']);
      return { status: 'success' as const, data: { auctions: ids.map((id) => ({ id, watched: true as const })) } };
    },
  );

  app.post(
    '/user/wishlist-add',
    {
      config: access({ session: 'required', rateLimit: POLICIES.watchlistWritesByUser }),
      schema: {
        tags: TAGS,
        summary: 'Legacy: watch an auction (event), a legacy lot or a seller',
        description:
          'Adding twice is a no-op. `auction` is an event: watching it here is the same as a wishlist of documentType `event`.',
        querystring: noQuery,
        body: legacyWatchBody,
        response: {
          200: ok(legacyWatchResponse, 'Watched'),
          404: errorResponse('No such auction, lot or seller', ['NOT_FOUND']),
          ...legacyWriting,
        },
      },
    },
    async (request) => {
      const { target, target_id } = request.body;
      await watchLegacyTarget(db, request.user.id, target, String(target_id));
      return { status: 'success' as const, data: { target, target_id } };
    },
  );

  app.post(
    '/user/wishlist-delete',
    {
      config: access({ session: 'required', rateLimit: POLICIES.watchlistWritesByUser }),
      schema: {
        tags: TAGS,
        summary: 'Legacy: stop watching an auction (event), a legacy lot or a seller',
        description: 'Idempotent: removing what is not watched changes nothing and answers the same.',
        querystring: noQuery,
        body: legacyWatchBody,
        response: { 200: ok(legacyWatchResponse, 'Not watched (any more)'), ...legacyWriting },
      },
    },
    async (request) => {
      const { target, target_id } = request.body;
      await unwatchLegacyTarget(db, request.user.id, target, String(target_id));
      return { status: 'success' as const, data: { target, target_id } };
    },
  );
};
