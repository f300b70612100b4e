import { z } from 'zod';
import { eventLotSource, minorUnits } from './catalog';
import { BIDDING_STATUSES } from './enums';
import { pagination } from './envelope';
import { commaListOf, keyParam } from './reads-params';

/**
 * The read side of bidding (contract §5, decision 0036): a lot's visible price
 * history, a user's bidder rows, and "My Bids".
 */

const pageNumber = z.coerce.number().int().min(1).max(10_000).default(1);
const pageSize = z.coerce.number().int().min(1).max(100).default(30);

// ── GET /marketplace/api/event/event-lots/{eventLotId}/bids ──────────────────

export const bidHistoryParams = z.object({ eventLotId: keyParam() }).strict();

export const bidHistoryQuerystring = z.object({ pageSize, pageNumber }).strict();
export type BidHistoryQuery = z.infer<typeof bidHistoryQuerystring>;

/** "You" for the signed-in viewer's own rows, else the bidder's pseudonym on this lot. */
export const YOU_BIDDER = 'You';
export const bidderPseudonym = (n: number) => `Bidder ${n}`;

export const bidHistoryEntry = z.object({
  _id: z.string(),
  bidder: z.string().describe('"You" for the viewer\'s own rows, else "Bidder N", stable per lot'),
  amount: minorUnits.describe('The price this row shows (a bid, or the system bidding for the leader)'),
  createdAt: z.string().describe('ISO 8601 UTC, the database clock when the bid was accepted'),
});
export type BidHistoryEntry = z.infer<typeof bidHistoryEntry>;

export const bidHistoryResponse = z.object({ bids: z.array(bidHistoryEntry), pagination });
export type BidHistoryResponse = z.infer<typeof bidHistoryResponse>;

// ── GET /marketplace/api/event/users/{userId}/bidders ────────────────────────

export const bidderRow = z.object({
  _id: z.string().describe('`{eventLotId}:{userId}`: one row per user and lot'),
  eventLotId: z.string(),
  userId: z.string(),
  biddingStatus: z.enum(BIDDING_STATUSES),
  lastBidAmount: minorUnits
    .nullable()
    .describe(
      "The user's last own bid on the lot; on a tender lot, their tender's amount, which is null for anyone but the tenderer until the lot closes (sealed)",
    ),
  maxBidAmount: minorUnits.optional().describe("The user's standing maximum (BIDDING §3); only the user sees it"),
  bidsCount: z.number().int().describe("The user's own accepted bids on the lot"),
});
export type BidderRow = z.infer<typeof bidderRow>;

export const biddersQuerystring = z
  .object({
    eventLotId: keyParam()
      .optional()
      .describe('One lot: its row, or none. Without it, every row of the user, paged, in the My Bids order'),
    pageSize,
    pageNumber,
  })
  .strict();
export type BiddersQuery = z.infer<typeof biddersQuerystring>;

export const biddersResponse = z.object({ bidders: z.array(bidderRow), pagination });
export type BiddersResponse = z.infer<typeof biddersResponse>;

// ── GET /marketplace-api/users/{userId}/bids (My Bids) ───────────────────────

/** `biddingStatus=outbid` or `biddingStatus=winning,reserve-not-met`; empty means every status. */
const statusList = commaListOf(BIDDING_STATUSES, 'bidding status', 500);

export const myBidsQuerystring = z
  .object({
    biddingStatus: statusList
      .optional()
      .describe(`One status or a comma list of: ${BIDDING_STATUSES.join(', ')} (BIDDING §4)`),
    pageSize,
    pageNumber,
  })
  .strict();
export type MyBidsQuery = z.infer<typeof myBidsQuerystring>;

export const myBidsEntry = bidderRow.extend({
  eventLot: eventLotSource.describe('The lot card fields (the `_source` of event-lots)'),
});
export type MyBidsEntry = z.infer<typeof myBidsEntry>;

export const myBidsResponse = z.object({ bidders: z.array(myBidsEntry), pagination });
export type MyBidsResponse = z.infer<typeof myBidsResponse>;
