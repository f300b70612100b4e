import { z } from 'zod';
import { EVENT_LOT_STATUSES, LOT_TYPES, ORDER_RECORD_STATUSES } from './enums';
import { pagination } from './envelope';

/**
 * An event's results and settlement in the seller console (issue 16;
 * decision 0053). One row per sale (a lot's order; a buy-now item sold in
 * several orders has a row per order), or one row for a lot without an order.
 * Amounts are integer minor units of the row's currency; totals per currency.
 */

/** What became of a lot (decision 0053 says how each is derived). */
export const LOT_OUTCOMES = [
  'open',
  'sold',
  'bought-now',
  'offer-accepted',
  'tender-awarded',
  'reserve-not-met',
  'awaiting-award',
  'passed',
  'unsold',
] as const;
export type LotOutcome = (typeof LOT_OUTCOMES)[number];

/** How each outcome reads in the console, the CSV and the statement. */
export const LOT_OUTCOME_LABELS: Record<LotOutcome, string> = {
  open: 'Still open',
  sold: 'Sold at auction',
  'bought-now': 'Buy-now units sold',
  'offer-accepted': 'Offer accepted',
  'tender-awarded': 'Tender awarded',
  'reserve-not-met': 'Reserve not met',
  'awaiting-award': 'Awaiting award',
  passed: 'Passed (no bids)',
  unsold: 'Not sold',
};

export const sellerResultsQuery = z
  .object({
    pageSize: z.coerce.number().int().min(1).max(500).default(100),
    pageNumber: z.coerce.number().int().min(1).max(10_000).default(1),
  })
  .strict();
export type SellerResultsQuery = z.output<typeof sellerResultsQuery>;

const minor = z.number().int();

export const sellerResultRow = z.object({
  lotId: z.string(),
  number: z.string(),
  name: z.string(),
  type: z.enum(LOT_TYPES),
  status: z.enum(EVENT_LOT_STATUSES),
  outcome: z.enum(LOT_OUTCOMES),
  winner: z.object({ name: z.string(), email: z.string() }).nullable().describe("The order's buyer"),
  quantity: z.number().int().nullable().describe('Units sold in this order'),
  highBid: minor.nullable().describe("An auction lot's highest bid (also when its reserve was not met)"),
  hammer: minor.nullable().describe('The hammer price, or unit price × quantity for buy-now and offers'),
  buyersPremium: minor.nullable(),
  tax: minor.nullable(),
  fees: minor.nullable().describe('The fees the buyer pays (rigging, loading, shipping)'),
  total: minor.nullable(),
  paid: minor.nullable().describe('Collected so far: the deposit applied and succeeded payments'),
  refunded: minor.nullable().describe('Given back to the buyer by refunds (decision 0062)'),
  outstanding: minor.nullable().describe('Still owed by the buyer (0 for a cancelled order)'),
  commissionBps: z
    .number()
    .int()
    .nullable()
    .describe("The event's commission in basis points, frozen at publishing (decision 0078); null without an order"),
  commission: minor.nullable().describe('The marketplace commission on the hammer or price (decision 0078)'),
  sellerFees: minor.nullable().describe('The fees the seller pays (their party is the seller), per unit × quantity'),
  netPayout: minor
    .nullable()
    .describe(
      "Owed to the seller: paid less tax, buyer's premium, commission, seller fees and refunds; 0 until paid, never below 0",
    ),
  currency: z.string(),
  order: z
    .object({ _id: z.string(), number: z.string(), status: z.enum(ORDER_RECORD_STATUSES) })
    .nullable()
    .describe('The order and its payment status'),
});
export type SellerResultRow = z.infer<typeof sellerResultRow>;

export const sellerResultTotals = z.object({
  currency: z.string(),
  lotsSold: z.number().int(),
  lotsUnsold: z.number().int(),
  hammer: minor,
  buyersPremium: minor,
  tax: minor,
  fees: minor,
  total: minor,
  paid: minor,
  refunded: minor,
  outstanding: minor,
  commission: minor,
  sellerFees: minor,
  netPayout: minor.describe("Owed to the seller: the sum of the rows' net payouts (decision 0078)"),
});
export type SellerResultTotals = z.infer<typeof sellerResultTotals>;

export const sellerResultsResponse = z.object({
  event: z.object({
    _id: z.string(),
    name: z.string(),
    title: z.string(),
    companyName: z.string(),
    startAt: z.string(),
    endAt: z.string(),
  }),
  closed: z.boolean().describe('No lot is still open or upcoming: the results are final (until orders are paid)'),
  generatedAt: z.string().describe("The database clock's now"),
  totals: z.array(sellerResultTotals).describe('Per currency, never mixed; cancelled orders are not counted'),
  rows: z.array(sellerResultRow),
  pagination,
});
export type SellerResultsResponse = z.infer<typeof sellerResultsResponse>;
