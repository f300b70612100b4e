import { z } from 'zod';
import { EVENT_LOT_STATUSES } from './enums';
import { pagination } from './envelope';
import { keyParam } from './reads-params';
import {
  REGISTRATION_STATUSES,
  registrationBidLimit,
  registrationDecisionBody,
  registrationDeposit,
} from './registrations';

/**
 * Running an event in the seller console (issue 16; decision 0052): the
 * event's registrations with each bidder's verification, every bid with the
 * pseudonym the public sees and the real bidder, and the live table of lots.
 * Never card details, never a bidder's maximum, never a tender amount.
 */

const pageSize = z.coerce.number().int().min(1).max(100).default(50);
const pageNumber = z.coerce.number().int().min(1).max(10_000).default(1);

export const sellerRunEventParams = z.object({ eventId: keyParam() }).strict();
export const sellerRunDecisionParams = z.object({ eventId: keyParam(), registrationId: keyParam() }).strict();

export const sellerRegistrationsQuery = z
  .object({ status: z.enum(REGISTRATION_STATUSES).optional(), pageSize, pageNumber })
  .strict();
export type SellerRegistrationsQuery = z.output<typeof sellerRegistrationsQuery>;

/** The seller's decision: the staff route's body (approve or decline, an optional reason for the bidder). */
export const sellerDecisionBody = registrationDecisionBody;

const person = z.object({ id: z.string(), name: z.string(), email: z.string() });

/**
 * What the account module stores about a bidder (spec §4): `verified` is the
 * logged-in verification flag (a card, a billing and a shipping address, an
 * activated e-mail, and for a reseller a tax exemption or the skip flag);
 * `activated` the e-mail activation alone.
 */
export const bidderVerification = z.object({ verified: z.boolean(), activated: z.boolean() });
export type BidderVerification = z.infer<typeof bidderVerification>;

export const sellerRegistration = z.object({
  _id: z.string(),
  user: person,
  status: z.enum(REGISTRATION_STATUSES),
  deposit: registrationDeposit.nullable().describe('null when the event asks no deposit'),
  verification: bidderVerification,
  registeredAt: z.string(),
  decidedAt: z.string().nullable(),
  bidLimit: registrationBidLimit
    .nullable()
    .describe('The most the bidder may bid in this event (set on approval or later; decision 0080); null: none'),
  currency: z.string().length(3).describe("The event's currency, the one a bid limit is given in"),
});
export type SellerRegistration = z.infer<typeof sellerRegistration>;
export const sellerRegistrationsResponse = z.object({
  registrations: z.array(sellerRegistration),
  approvalRequired: z.boolean().describe('Whether the event asks the seller to approve each registration'),
  pagination,
});
export type SellerRegistrationsResponse = z.infer<typeof sellerRegistrationsResponse>;

export const sellerBidsQuery = z.object({ lotId: keyParam().optional(), pageSize, pageNumber }).strict();
export type SellerBidsQuery = z.output<typeof sellerBidsQuery>;

/** A bidder as the public history names them ("Bidder 3") and who they are, for the seller only. */
const namedBidder = person.extend({ pseudonym: z.string() });

export const sellerBid = z.object({
  _id: z.string(),
  lot: z.object({ id: z.string(), number: z.string(), name: z.string() }),
  amount: z.number().int().describe('Minor units, the amount the public history shows'),
  currency: z.string().length(3),
  kind: z.enum(['bid', 'auto']).describe('`auto`: the counter-bid the system placed for the leader (proxy bidding)'),
  placedAt: z.string(),
  bidder: namedBidder,
});
export type SellerBid = z.infer<typeof sellerBid>;
export const sellerBidsResponse = z.object({ bids: z.array(sellerBid), pagination });
export type SellerBidsResponse = z.infer<typeof sellerBidsResponse>;

export const sellerLiveLot = z.object({
  _id: z.string(),
  number: z.string(),
  name: z.string(),
  type: z.string(),
  status: z.enum(EVENT_LOT_STATUSES),
  currency: z.string().length(3),
  currentBid: z.number().int().nullable().describe('The price the public sees; null before the first bid'),
  startingBid: z.number().int().nullable(),
  bidsCount: z.number().int(),
  endsAt: z.string().nullable().describe('The effective end (soft close included)'),
  reserveMet: z.boolean().nullable().describe('null when the lot has no reserve'),
  highBidder: namedBidder.nullable(),
});
export type SellerLiveLot = z.infer<typeof sellerLiveLot>;
export const sellerLiveResponse = z.object({ lots: z.array(sellerLiveLot), serverTime: z.string() });
export type SellerLiveResponse = z.infer<typeof sellerLiveResponse>;
