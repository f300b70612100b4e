import { z } from 'zod';
import { currencyCode, eventLotSource, minorUnits } from './catalog';
import {
  EVENT_STATUSES,
  LEGACY_LOT_STATUSES,
  MARKET_DEMANDS,
  PACKAGING_TYPES,
  PARTIES,
  SHIPPING_OPTIONS,
} from './enums';
import { publicLotDocument } from './lot-documents';
import { keyParam } from './reads-params';

/** One lot for its detail page, and the recently viewed row (spec §2, §3, §7). */

/** Spec §7: the first 4 ids of the `lots_viewed` cookie are used. */
export const RECENTLY_VIEWED_LIMIT = 4;

/**
 * `ids` is the cookie's JSON list passed through, or a comma list. Either way a
 * list of short strings; anything else is a 400 rather than a guess.
 */
export const recentlyViewedQuerystring = z
  .object({
    ids: z
      .string()
      .max(4_000)
      .transform((raw, ctx) => {
        const trimmed = raw.trim();
        let list: unknown = trimmed === '' ? [] : trimmed.split(',').map((s) => s.trim());
        if (trimmed.startsWith('[')) {
          try {
            list = JSON.parse(trimmed);
          } catch {
            ctx.addIssue({ code: 'custom', message: 'Must be a JSON list or a comma list of ids' });
            return z.NEVER;
          }
        }
        const parsed = z.array(z.union([z.literal(''), keyParam()])).safeParse(list);
        if (!parsed.success) {
          ctx.addIssue({
            code: 'custom',
            message: 'Must be a list of ids (strings of up to 200 characters, no control characters)',
          });
          return z.NEVER;
        }
        return parsed.data.filter((id) => id !== '');
      })
      .describe('Lot ids in viewing order (the lots_viewed cookie): a JSON list or a comma list'),
  })
  .strict();

export const lotIdParams = z.object({ lotId: keyParam() }).strict();

export const eventLotCard = z.object({ _id: z.string(), _source: eventLotSource });
export const recentlyViewedResponse = z.object({ eventLots: z.array(eventLotCard) });
export type RecentlyViewedResponse = z.infer<typeof recentlyViewedResponse>;

/**
 * The detail page's fields: the card plus description and logistics. Seller-only
 * values (reserveBid, liquidation and book values) are deliberately absent.
 */
export const eventLotDetailSource = eventLotSource.extend({
  description: z.string(),
  event: z
    .object({
      _id: z.string(),
      name: z.string(),
      title: z.string(),
      status: z.enum(EVENT_STATUSES),
      privateSale: z.boolean(),
      saleFormat: z.enum(['auction', 'buy-now', 'tender']),
      startAt: z.string(),
      endAt: z.string(),
    })
    .nullable(),
  riggingParty: z.enum(PARTIES).nullable(),
  riggingCost: minorUnits.nullable(),
  loadingParty: z.enum(PARTIES).nullable(),
  loadingCost: minorUnits.nullable(),
  shippingParty: z.enum(PARTIES).nullable(),
  shippingOptions: z.array(z.enum(SHIPPING_OPTIONS)),
  shippingPackageType: z.enum(PACKAGING_TYPES).nullable(),
  shippingPackageCount: z.number().int().nullable(),
  marketDemand: z.enum(MARKET_DEMANDS).nullable(),
  catalogProduct: z.object({ uniqueName: z.string(), name: z.string() }).nullable(),
  documents: z
    .array(publicLotDocument)
    .optional()
    .describe("The lot's documents in order (decision 0056; additive, absent on older answers)"),
});
export type EventLotDetailSource = z.infer<typeof eventLotDetailSource>;

/** Spec §3 "Legacy lot", with its field names. */
export const legacyLot = z.object({
  id: z.string(),
  title: z.string(),
  title_seo: z.string(),
  number: z.string(),
  status: z.enum(LEGACY_LOT_STATUSES),
  photos: z.array(z.object({ url: z.string() })),
  photo_url: z.string().nullable(),
  ended_at: z.string().nullable(),
  listing_price: minorUnits.nullable(),
  currency: z.object({ name: currencyCode }),
  company: z
    .object({
      id: z.string(),
      slug: z.string().describe('With id, the seller page /marketplace/seller/{slug}/{id}'),
      display_name: z.string().nullable(),
      name: z.string(),
    })
    .nullable(),
  address_string: z.string().nullable(),
  mode: z.string(),
  auction: z.object({ type: z.string() }),
  auctionLotBidsCount: z.number().int(),
  bids: z.array(z.object({ amount: minorUnits, placedAt: z.string() })).describe('Newest first'),
  ars_event_lot_id: z.string().nullable(),
});
export type LegacyLot = z.infer<typeof legacyLot>;

export const lotResponse = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('event-lot'), lot: z.object({ _id: z.string(), _source: eventLotDetailSource }) }),
  z.object({ kind: z.literal('legacy-lot'), lot: legacyLot }),
]);
export type LotResponse = z.infer<typeof lotResponse>;
