import { z } from 'zod';
import { currencyCode, minorUnits as minor } from './catalog';
import { tender } from './orders';

/**
 * Sealed tenders beyond contract §5's PUT (issue 15; decision 0047): the
 * caller's own tender, the seller's list and the award. Amounts are integer
 * minor units; before a lot's close no answer carries anybody's amount but the
 * tenderer's own.
 */

/** Said wherever a seller sees an open tender lot. */
export const TENDERS_SEALED_NOTE = 'Amounts are sealed until the close';

/** GET …/tender: your own tender on the lot (with its outcome once decided), or null. */
export const ownTender = tender.extend({
  outcome: z.enum(['awarded', 'not-awarded']).nullable().describe('Null until the seller decides the lot'),
});
export const ownTenderAnswer = z.object({ tender: ownTender.nullable() });
export type OwnTender = z.infer<typeof ownTender>;

export const TENDER_PHASES = ['open', 'awaiting-award', 'decided'] as const;
export type TenderPhase = (typeof TENDER_PHASES)[number];

/** One tender as the seller sees it after the close. */
export const sellerTender = z.object({
  id: z.string(),
  bidderName: z.string(),
  amount: minor,
  updatedAt: z.string(),
  outcome: z.enum(['awarded', 'not-awarded']).nullable(),
});
export type SellerTender = z.infer<typeof sellerTender>;

/** A tender lot of the seller's: before the close only the count (`tenders` empty), after it every tender. */
export const sellerTenderLot = z.object({
  eventLotId: z.string(),
  number: z.string(),
  name: z.string(),
  currency: currencyCode,
  status: z.string(),
  phase: z.enum(TENDER_PHASES),
  endedAt: z.string().nullable(),
  closedAt: z.string().nullable(),
  /** The end of the award window (closed_at + the event's tender_award_days); null before the close. */
  awardBy: z.string().nullable(),
  tendersCount: z.number().int(),
  tenders: z.array(sellerTender),
});
export type SellerTenderLot = z.infer<typeof sellerTenderLot>;
export const sellerTenderLots = z.object({ lots: z.array(sellerTenderLot) });

/** POST /marketplace-api/seller/lots/{eventLotId}/award: one tender, or null to award none. */
export const awardBody = z.strictObject({
  tenderId: z.string().min(1).max(200).nullable().describe('The tender to award, or null to award none'),
});
export type AwardBody = z.infer<typeof awardBody>;
export const awardAnswer = z.object({
  eventLotId: z.string(),
  status: z.string(),
  awardedTenderId: z.string().nullable(),
  /** The order the award created; null when none was awarded. */
  orderId: z.string().nullable(),
});
export type AwardAnswer = z.infer<typeof awardAnswer>;
