import { z } from 'zod';
import { enteredAmount, minorUnits as minor } from './catalog';
import { ORDER_RECORD_STATUSES } from './enums';
import { OFFER_STATUSES, offer } from './orders';

/**
 * Best offers beyond the contract's POST (issue 15; decision 0046): the
 * buyer's and the seller's lists and their answers. Amounts are minor units
 * of the lot's currency, per unit.
 */

/** The refusals of the offer endpoints, beside the common ones. */
export const OFFER_CODES = {
  notVerified: 'NOT_VERIFIED',
  lotNotOpen: 'LOT_NOT_OPEN',
  outOfStock: 'OUT_OF_STOCK',
  /** The lot takes no offers (not a Buy Now item with Best Offer). */
  offersNotAccepted: 'OFFERS_NOT_ACCEPTED',
  /** An offer (or a counter) must be below the Buy Now price. */
  offerTooHigh: 'OFFER_TOO_HIGH',
  /** The buyer already has an open offer on the lot. */
  offerOpen: 'OFFER_ALREADY_OPEN',
  /** The buyer made the most offers one lot allows. */
  offerLimit: 'OFFER_LIMIT_REACHED',
  /** The offer was answered, withdrawn or expired: nothing more can be done to it. */
  offerClosed: 'OFFER_NOT_OPEN',
  /** A counter must be above the offer. */
  counterTooLow: 'COUNTER_TOO_LOW',
  /** COUNTER_OFFER is off. */
  countersOff: 'COUNTER_OFFER_OFF',
  keyReused: 'IDEMPOTENCY_KEY_REUSED',
} as const;

/** Offers one buyer may make on one lot, in total (eBay's rule: up to 3 per item). */
export const OFFERS_PER_LOT = 3;

export const counterBody = z.strictObject({
  amount: enteredAmount.describe('Per unit: above the offer, below the price'),
});
export type CounterBody = z.infer<typeof counterBody>;

export const offerIdParams = z.object({ offerId: z.string().min(1).max(200) });
export const userOfferParams = z.object({ userId: z.string().min(1).max(200), offerId: z.string().min(1).max(200) });

/** An offer as its lists show it: the offer and the lot it is for (and, for the seller, who made it). */
export const offerView = offer.extend({
  lot: z.object({
    _id: z.string(),
    name: z.string(),
    number: z.string().nullable(),
    buyItNowPrice: minor.nullable(),
    quantity: z.number().int().describe('Units still for sale'),
  }),
  seller: z.object({ _id: z.string(), name: z.string(), slug: z.string() }),
  buyer: z.object({ name: z.string() }).nullable().describe("The buyer's name: only in the seller's list"),
  order: z
    .object({ _id: z.string(), number: z.string(), status: z.enum(ORDER_RECORD_STATUSES) })
    .nullable()
    .describe("The accepted offer's order, as it stands now"),
});
export type OfferView = z.infer<typeof offerView>;

export const myOffersQuery = z.strictObject({
  eventLotId: z.string().min(1).max(200).optional().describe('Only the offers on this lot'),
});
export const sellerOffersQuery = z.strictObject({
  status: z.enum(OFFER_STATUSES).optional().describe('Only offers in this status'),
});

export const offersResponse = z.object({ offers: z.array(offerView) });
export const offerResponse = z.object({ offer });
