import {
  BIDDING_STATUSES,
  biddersQuerystring,
  biddersResponse,
  bidHistoryParams,
  bidHistoryQuerystring,
  bidHistoryResponse,
  myBidsQuerystring,
  myBidsResponse,
} from '@lotline/contracts';
import type { Database } from '@lotline/db';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../lib/http/access';
import { ok, userParams, userReadErrors } from '../../lib/http/route-schemas';
import { commonErrors, errorResponse } from '../../lib/openapi';
import type { FeatureOverrides } from '../platform/get-feature-flags';
import { listBidHistory } from './list-bid-history';
import { listBidders } from './list-bidders';
import { listMyBids } from './list-my-bids';

/**
 * The read side of bidding (contract §5, decision 0036): a lot's price
 * history for anyone, and a user's own bidder rows and My Bids for that user
 * (or an admin). Statuses follow BIDDING §4 on the database clock.
 */

const TAGS = ['bidding'];
/** The user reading their own rows, or an admin reading someone else's (a tender's amount stays sealed to them). */
const readerOf = (request: { user: { id: string } | null; params: { userId: string } }) =>
  request.user?.id === request.params.userId ? ('self' as const) : ('other' as const);
const ORDER =
  'Lots still open come first, the soonest to end on top; then closed lots, the most recently ended on top.';

export const biddingReadsRoutes: FastifyPluginAsyncZod<{ db: Database; featureOverrides: FeatureOverrides }> = async (
  app,
  { db, featureOverrides },
) => {
  app.get(
    '/marketplace/api/event/event-lots/:eventLotId/bids',
    {
      config: access({ session: 'optional' }),
      schema: {
        tags: TAGS,
        summary: "A lot's visible price history",
        description:
          'Every accepted bid and every counter-bid the system made for the leader, newest first. `bidder` is ' +
          '"You" for the signed-in viewer\'s own rows, else "Bidder N": a number per bidder, in the order of their ' +
          'first bid on the lot, the same for every viewer and page. Hidden lots and lots of draft events are 404.',
        params: bidHistoryParams,
        querystring: bidHistoryQuerystring,
        response: {
          200: ok(bidHistoryResponse, 'A page of the history'),
          404: errorResponse('No such visible lot', ['NOT_FOUND']),
          ...commonErrors,
        },
      },
    },
    async (request) => {
      const { eventLotId } = request.params;
      const data = await listBidHistory(db, eventLotId, request.sessionUser?.id ?? null, request.query);
      return { status: 'success' as const, data };
    },
  );

  app.get(
    '/marketplace/api/event/users/:userId/bidders',
    {
      config: access({ session: 'required', userPath: 'read' }),
      schema: {
        tags: TAGS,
        summary: "The user's bidder rows: status, last bid, maximum, bid count per lot",
        description:
          '`userId` must be the signed-in user; an admin may read any user. With `eventLotId`: the row of that lot, ' +
          'or none when the user has not bid on it (or it is not visible). Without it: every row of the user, paged. ' +
          `${ORDER} \`biddingStatus\` is one of ${BIDDING_STATUSES.join(', ')} (BIDDING §4). ` +
          '`_id` is `{eventLotId}:{userId}`.',
        params: userParams,
        querystring: biddersQuerystring,
        response: { 200: ok(biddersResponse, "The user's rows"), ...userReadErrors },
      },
    },
    async (request) => {
      const data = await listBidders(db, {
        ...request.query,
        userId: request.params.userId,
        reader: readerOf(request),
      });
      return { status: 'success' as const, data };
    },
  );

  app.get(
    '/marketplace-api/users/:userId/bids',
    {
      config: access({ session: 'required', userPath: 'read' }),
      schema: {
        tags: TAGS,
        summary: 'My Bids: the lots the user bid on, with their status and card',
        description:
          '`userId` must be the signed-in user; an admin may read any user. Each row is a bidder row with the ' +
          "lot's card fields in `eventLot`. `biddingStatus` filters by one status or a comma list (BIDDING §4); " +
          `unknown values are 400. ${ORDER}`,
        params: userParams,
        querystring: myBidsQuerystring,
        response: { 200: ok(myBidsResponse, 'A page of My Bids'), ...userReadErrors },
      },
    },
    async (request) => {
      const { biddingStatus, ...page } = request.query;
      const data = await listMyBids(
        db,
        { ...page, statuses: biddingStatus, userId: request.params.userId, reader: readerOf(request) },
        featureOverrides,
      );
      return { status: 'success' as const, data };
    },
  );
};
