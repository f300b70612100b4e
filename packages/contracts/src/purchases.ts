import { z } from 'zod';
import { currencyCode, minorUnits as minor } from './catalog';
import { ORDER_FEE_KINDS } from './orders';

/** The refusal codes of POST …/purchases (contract §5; decision 0045). */
export const PURCHASE_CODES = {
  notVerified: 'NOT_VERIFIED',
  lotNotOpen: 'LOT_NOT_OPEN',
  outOfStock: 'OUT_OF_STOCK',
  keyReused: 'IDEMPOTENCY_KEY_REUSED',
} as const;

/**
 * What the lot page's buy box shows before a purchase (GET …/buy-now; an
 * addition to the contract). `pricing` and `allInPrice` are null while
 * BUY_NOW_ALL_IN_PRICING is off: the page then shows the plain price only.
 */
export const buyNowState = z.object({
  eventLotId: z.string(),
  currency: currencyCode,
  price: minor.describe('The buy-now price of one unit'),
  quantity: z.number().int().describe('Units left'),
  open: z.boolean().describe('On sale now, by the database clock'),
  allInPrice: minor
    .nullable()
    .describe("What one unit costs you all in (premium, fees, tax at the lot location's rate; none when exempt)"),
  taxExempt: z.boolean().describe('You hold an active tax exemption: the all-in price has no tax'),
  pricing: z
    .object({
      buyersPremiumBps: z.number().int(),
      taxRatePercent: z.number(),
      unitFees: z.array(z.object({ kind: z.enum(ORDER_FEE_KINDS), amount: minor })),
    })
    .nullable()
    .describe('The terms the order is priced by (priceOrder), to show the total of a quantity'),
});
export type BuyNowState = z.infer<typeof buyNowState>;
