import { currencyCode, eventLotSource, lotTerms, minorUnits, pagination } from '@lotline/contracts';
import { BIDDING_STATUSES, EVENT_LOT_STATUSES, LOT_TYPES } from '@lotline/contracts/enums';
import { z } from 'zod';

/**
 * Contract §5's bidding shapes as the web reads them. Until the engine's
 * `packages/contracts/src/bidding.ts` (and the reads and deposits slices'
 * files) are merged, they are copied here from the contract; the lead swaps
 * these for the shared schemas at merge (decision 0040). Dates are ISO 8601
 * strings, read as milliseconds since the epoch.
 */

const instant = z.string().transform((text, ctx) => {
  const ms = Date.parse(text);
  if (Number.isNaN(ms)) {
    ctx.addIssue({ code: 'custom', message: 'not a date' });
    return z.NEVER;
  }
  return ms;
});

export const biddingStatus = z.enum(BIDDING_STATUSES);

/** GET …/event-lots/{eventLotId}/bidding. `you` only when signed in. */
export const biddingState = z.object({
  eventLotId: z.string(),
  type: z.enum(LOT_TYPES),
  status: z.enum(EVENT_LOT_STATUSES),
  currency: currencyCode,
  startingBid: minorUnits.nullable(),
  currentBid: z.object({ amount: minorUnits }).nullable(),
  bidsCount: z.number().int(),
  minimumBid: minorUnits,
  reserveMet: z.boolean().nullable(),
  endedAt: instant.nullable(),
  serverTime: instant,
  increments: z.array(z.object({ from: minorUnits, increment: minorUnits })),
  presets: z.array(minorUnits),
  terms: lotTerms,
  you: z.object({ registered: z.boolean(), biddingStatus, maxBidAmount: minorUnits.nullable() }).optional(),
});
export type BiddingState = z.output<typeof biddingState>;

/** POST …/bids: the bid and the lot as this bid left it. */
export const placedBid = z.object({
  bid: z.object({ _id: z.string(), amount: minorUnits, maxAmount: minorUnits, createdAt: instant }),
  lot: biddingState,
});
export type PlacedBid = z.output<typeof placedBid>;

/** GET …/bids: the visible price history, newest first; `bidder` is "You" or "Bidder 3". */
export const bidHistory = z.object({
  bids: z.array(z.object({ _id: z.string(), bidder: z.string(), amount: minorUnits, createdAt: instant })),
  pagination,
});
export type BidHistory = z.output<typeof bidHistory>;

export const DEPOSIT_STATUSES = ['not-required', 'held', 'released', 'applied', 'failed'] as const;
export type DepositStatus = (typeof DEPOSIT_STATUSES)[number];

/** GET/POST …/registered-auctions/{auctionId}; the GET answers null when the user is not registered. */
export const registration = z.object({
  auctionId: z.string(),
  status: z.enum(['approved', 'pending', 'declined']),
  deposit: z
    .object({
      amount: minorUnits,
      currency: currencyCode,
      status: z.enum(DEPOSIT_STATUSES),
      expiresAt: instant.nullable().optional(),
    })
    .nullable(),
  registeredAt: instant,
  /** The most this registration may bid in the event (decision 0080); absent from an older API. */
  bidLimit: z.object({ amount: minorUnits, currency: currencyCode }).nullable().optional(),
});
export type Registration = z.output<typeof registration>;

/** One row of the `bidders` endpoint (contract §3). */
export const bidderRow = z.object({
  _id: z.string(),
  eventLotId: z.string(),
  userId: z.string(),
  biddingStatus,
  lastBidAmount: minorUnits.nullable(),
  maxBidAmount: minorUnits.nullable().optional(),
  bidsCount: z.number().int(),
});

/** GET /marketplace-api/users/{userId}/bids ("My Bids"): the bidder rows with their lot's card fields. */
export const myBids = z.object({
  bidders: z.array(bidderRow.extend({ eventLot: eventLotSource })),
  pagination,
});
export type MyBids = z.output<typeof myBids>;
export type MyBidRow = MyBids['bidders'][number];
