import { z } from 'zod';
import { currencyCode, enteredAmount, minorUnits as minor } from './catalog';
import { BIDDING_STATUSES, EVENT_LOT_STATUSES, LOT_TYPES } from './enums';
import { ORDER_FEE_KINDS } from './orders';

/**
 * The auction engine's shapes (contract §5; BIDDING.md): a lot's bidding
 * state (GET …/bidding) and placing a bid (POST …/bids). Every amount is
 * integer minor units of the lot's currency; every time is the server's.
 */

const amount = enteredAmount;

/** The bid the bid panel sends. `maxAmount` below `amount` is malformed (400), not a refusal. */
export const placeBidBody = z
  .strictObject({
    amount: amount.describe('The bid, in minor units: at least the minimum bid'),
    maxAmount: amount
      .optional()
      .describe('The most the system may bid for you (at least `amount`); absent means `amount`'),
  })
  .refine((b) => b.maxAmount === undefined || b.maxAmount >= b.amount, {
    message: 'Your maximum bid must be at least your bid.',
    path: ['maxAmount'],
  });
export type PlaceBidBody = z.infer<typeof placeBidBody>;

export const eventLotIdParams = z.object({ eventLotId: z.string().min(1).max(200) });

/** What the signed-in viewer reads of their own standing (BIDDING §4). */
export const biddingYou = z.object({
  registered: z.boolean().describe('Registered for the event with a usable deposit (approved, held or not required)'),
  biddingStatus: z.enum(BIDDING_STATUSES),
  maxBidAmount: minor.nullable().describe('Your standing maximum on this lot'),
});

/** What an order of the lot would be priced with (contract §5), shown before a bid, an offer or a tender. */
export const lotTerms = z.object({
  buyersPremiumBps: z.number().int().describe("The event's buyer's premium in basis points (1000 = 10%)"),
  taxRate: z.number().describe("The lot location's tax rate, a percentage as in event locations (8.25)"),
  buyerFees: z
    .array(z.object({ kind: z.enum(ORDER_FEE_KINDS), amount: minor }))
    .describe('The fees the buyer pays on top, per unit (rigging, loading, shipping)'),
});
export type LotTerms = z.infer<typeof lotTerms>;

export const biddingState = z.object({
  eventLotId: z.string(),
  type: z.enum(LOT_TYPES),
  status: z.enum(EVENT_LOT_STATUSES),
  currency: currencyCode,
  startingBid: minor.nullable(),
  currentBid: z.object({ amount: minor }).nullable(),
  bidsCount: z.number().int(),
  minimumBid: minor.describe('The next bid’s minimum (BIDDING §2)'),
  reserveMet: z.boolean().nullable().describe('null when the lot has no reserve'),
  endedAt: z.string().nullable().describe('ISO 8601 UTC; the effective (extended) end'),
  serverTime: z.string().describe('ISO 8601 UTC; the database clock when this was read'),
  increments: z.array(z.object({ from: minor, increment: minor })),
  presets: z.array(minor).describe('Every preset amount; the page offers those at or above the minimum bid'),
  terms: lotTerms,
  you: biddingYou.optional().describe('Only when signed in'),
});
export type BiddingState = z.infer<typeof biddingState>;

export const placedBid = z.object({
  bid: z.object({
    _id: z.string(),
    amount: minor,
    maxAmount: minor,
    createdAt: z.string().describe('ISO 8601 UTC, the database clock'),
  }),
  lot: biddingState.describe('The bidding state as this bid left it'),
});
export type PlacedBid = z.infer<typeof placedBid>;

/** The refusal codes of POST …/bids (contract §5). */
export const BID_CODES = {
  notRegistered: 'NOT_REGISTERED',
  lotNotOpen: 'LOT_NOT_OPEN',
  bidTooLow: 'BID_TOO_LOW',
  maxBelowCurrent: 'MAX_BELOW_CURRENT',
  /** 403: the bid's maximum (else its amount) is above the bid limit on the bidder's registration; the message names it. */
  bidLimit: 'BID_LIMIT',
  keyReused: 'IDEMPOTENCY_KEY_REUSED',
  /** 503: too many bids already wait for this lot in this process (decision 0069); Retry-After says when. */
  lotBusy: 'LOT_BUSY',
} as const;
