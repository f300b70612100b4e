import { z } from 'zod';
import { MAX_AMOUNT } from './catalog';
import { EVENT_LOT_STATUSES, LOT_TYPES, MARKET_DEMANDS, PACKAGING_TYPES, PARTIES, SHIPPING_OPTIONS } from './enums';
import { pagination } from './envelope';
import { lotDocument } from './lot-documents';
import { keyParam } from './reads-params';

/**
 * The seller console's lots (issue 16; decision 0050): create, edit, copy,
 * order and delete the lots of a company's own events, and their photos. The
 * same schemas validate the web's lot form, so a field's message is the same
 * in both places.
 */

export const SELLER_LOT_CODES = {
  numberTaken: 'LOT_NUMBER_TAKEN',
  locked: 'LOT_LOCKED',
  eventPublished: 'EVENT_PUBLISHED',
  tooManyPhotos: 'TOO_MANY_PHOTOS',
  publishedLotIncomplete: 'PUBLISHED_LOT_INCOMPLETE',
} as const;

/** The longest lot number (a copy's "<number>-<n>" is cut to fit). */
export const MAX_LOT_NUMBER_LENGTH = 40;

/** Proxibid's figure (issue 16): at most this many photos a lot. */
export const MAX_LOT_PHOTOS = 100;

const text = (label: string, max: number, min = 0) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .min(min, { error: `${label} is required.` })
    .max(max, { error: `${label} can be at most ${max} characters long.` });

/** Money: whole minor units from 0 to MAX_AMOUNT, or null (none). */
const money = (label: string) =>
  z
    .number({ error: `${label} must be an amount in cents.` })
    .int({ error: `${label} must be a whole number of cents.` })
    .min(0, { error: `${label} cannot be negative.` })
    .max(MAX_AMOUNT, { error: `${label} is too large.` })
    .nullable();

const count = (label: string, min: number, max: number) =>
  z
    .number({ error: `${label} must be a whole number.` })
    .int({ error: `${label} must be a whole number.` })
    .min(min, { error: `${label} must be at least ${min}.` })
    .max(max, { error: `${label} can be at most ${max}.` });

const party = (label: string) =>
  z.enum(PARTIES, { error: `${label} must be seller, buyer, 3pl or not-required.` }).nullable();

const lotFields = {
  number: z
    .string({ error: 'The lot number is required.' })
    .trim()
    .min(1, { error: 'The lot number is required.' })
    .max(MAX_LOT_NUMBER_LENGTH, {
      error: `The lot number can be at most ${MAX_LOT_NUMBER_LENGTH} characters long.`,
    })
    .regex(/^[A-Za-z0-9._-]+$/, { error: 'The lot number may use letters, digits, dots, dashes and underscores.' }),
  name: text('The name', 200, 1),
  description: text('The description', 20_000),
  productCategoryId: keyParam().nullable().describe('A product category id; required to publish'),
  brand: text('The brand', 200, 1).nullable().describe("A brand's uniqueName, or null"),
  catalogProductId: keyParam().nullable(),
  // 0 only as a sold-out lot's unchanged stock (the API refuses setting it to 0).
  quantity: count('The quantity', 0, 1_000_000),
  type: z.enum(LOT_TYPES, { error: 'The type must be AuctionLot, BuyItNowItem or TenderLot.' }),
  startingBid: money('The starting bid'),
  reserveBid: money('The reserve'),
  buyItNowPrice: money('The buy-it-now price'),
  bestOfferEnabled: z.boolean(),
  managedShipping: z.boolean(),
  riggingCost: money('The rigging cost'),
  riggingParty: party('The rigging party'),
  loadingCost: money('The loading cost'),
  loadingParty: party('The loading party'),
  shippingCost: money('The shipping cost'),
  shippingParty: party('The shipping party'),
  shippingOptions: z
    .array(
      z.enum(SHIPPING_OPTIONS, {
        error: 'A shipping option must be fee, pickup, buyer_arranged_shipping or contact_for_options.',
      }),
    )
    .max(SHIPPING_OPTIONS.length)
    .refine((options) => new Set(options).size === options.length, { error: 'A shipping option is listed twice.' }),
  shippingPackageType: z
    .enum(PACKAGING_TYPES, { error: `The package type must be one of ${PACKAGING_TYPES.join(', ')}.` })
    .nullable(),
  shippingPackageCount: count('The package count', 1, 100_000).nullable(),
  marketDemand: z.enum(MARKET_DEMANDS, { error: 'The market demand must be high, moderate or low.' }).nullable(),
  forcedLiquidationValue: money('The forced liquidation value'),
  orderlyLiquidationValue: money('The orderly liquidation value'),
  grossBookValue: money('The gross book value'),
  netBookValue: money('The net book value'),
  transferValue: money('The transfer value'),
  dispositionLocationId: keyParam().nullable().describe("One of the event's locations; required to publish"),
};

const lotRules = (
  body: { type: string; startingBid: number | null; reserveBid: number | null; bestOfferEnabled: boolean },
  ctx: z.RefinementCtx,
) => {
  if (body.reserveBid !== null && (body.startingBid === null || body.reserveBid < body.startingBid)) {
    ctx.addIssue({ code: 'custom', path: ['reserveBid'], message: 'The reserve must be at least the starting bid.' });
  }
  if (body.bestOfferEnabled && body.type !== 'BuyItNowItem') {
    ctx.addIssue({ code: 'custom', path: ['bestOfferEnabled'], message: 'Best offer is for buy-it-now items only.' });
  }
};

/** POST and PUT take every field (PUT replaces them all). */
export const lotBody = z.object(lotFields).strict().superRefine(lotRules);
export type LotBody = z.infer<typeof lotBody>;

export const sellerLotIdParams = z.object({ lotId: keyParam() }).strict();
export const sellerLotPhotoParams = z.object({ lotId: keyParam(), photoId: keyParam() }).strict();
export const sellerEventLotsParams = z.object({ eventId: keyParam() }).strict();

export const sellerLotsQuery = z
  .object({
    pageSize: z.coerce.number().int().min(1).max(500).default(100),
    pageNumber: z.coerce.number().int().min(1).max(10_000).default(1),
  })
  .strict();
export type SellerLotsQuery = z.output<typeof sellerLotsQuery>;

export const lotOrderBody = z
  .object({ lotIds: z.array(keyParam()).min(1, { error: 'List every lot of the event.' }).max(10_000) })
  .strict();
export const photoOrderBody = z
  .object({ photoIds: z.array(keyParam()).min(1, { error: 'List every photo of the lot.' }).max(MAX_LOT_PHOTOS) })
  .strict();
export const attachPhotoBody = z
  .object({
    uploadId: z
      .string({ error: 'The upload is required.' })
      .trim()
      .min(1, { error: 'The upload is required.' })
      .max(300)
      .describe('The key the signed-POST upload contract issued (GET /ars/api/file-upload)'),
  })
  .strict();

export const sellerLotPhoto = z.object({ _id: z.string(), url: z.string(), position: z.number().int() });
export type SellerLotPhoto = z.infer<typeof sellerLotPhoto>;

/** A row of the console's lot table. */
export const sellerLotRow = z.object({
  _id: z.string(),
  eventId: z.string(),
  number: z.string(),
  name: z.string(),
  type: z.enum(LOT_TYPES),
  status: z.enum(EVENT_LOT_STATUSES),
  sequence: z.number().int(),
  quantity: z.number().int(),
  currency: z.string(),
  startingBid: z.number().int().nullable(),
  buyItNowPrice: z.number().int().nullable(),
  reserveBid: z.number().int().nullable(),
  categoryName: z.string().nullable(),
  photosCount: z.number().int(),
  bidsCount: z.number().int(),
  locationId: z.string().nullable(),
});
export type SellerLotRow = z.infer<typeof sellerLotRow>;

/** One field the seller may not change now, and why. */
export const lotLock = z.object({ field: z.string(), reason: z.string() });

export const sellerLot = z.object({
  _id: z.string(),
  eventId: z.string(),
  status: z.enum(EVENT_LOT_STATUSES),
  sequence: z.number().int(),
  currency: z.string(),
  startAt: z.string().nullable(),
  endedAt: z.string().nullable(),
  scheduledEndAt: z.string().nullable(),
  bidsCount: z.number().int(),
  photos: z.array(sellerLotPhoto),
  documents: z.array(lotDocument).describe('Its documents in order (decision 0056); editable after publishing'),
  locks: z.array(lotLock).describe('Fields locked after publishing, with the reason (the form shows them disabled)'),
  number: z.string(),
  name: z.string(),
  description: z.string(),
  productCategoryId: z.string().nullable(),
  brand: z.string().nullable(),
  catalogProductId: z.string().nullable(),
  quantity: z.number().int(),
  type: z.enum(LOT_TYPES),
  startingBid: z.number().int().nullable(),
  reserveBid: z.number().int().nullable(),
  buyItNowPrice: z.number().int().nullable(),
  bestOfferEnabled: z.boolean(),
  managedShipping: z.boolean(),
  riggingCost: z.number().int().nullable(),
  riggingParty: z.enum(PARTIES).nullable(),
  loadingCost: z.number().int().nullable(),
  loadingParty: z.enum(PARTIES).nullable(),
  shippingCost: z.number().int().nullable(),
  shippingParty: z.enum(PARTIES).nullable(),
  shippingOptions: z.array(z.enum(SHIPPING_OPTIONS)),
  shippingPackageType: z.enum(PACKAGING_TYPES).nullable(),
  shippingPackageCount: z.number().int().nullable(),
  marketDemand: z.enum(MARKET_DEMANDS).nullable(),
  forcedLiquidationValue: z.number().int().nullable(),
  orderlyLiquidationValue: z.number().int().nullable(),
  grossBookValue: z.number().int().nullable(),
  netBookValue: z.number().int().nullable(),
  transferValue: z.number().int().nullable(),
  dispositionLocationId: z.string().nullable(),
});
export type SellerLot = z.infer<typeof sellerLot>;

export const sellerLotsResponse = z.object({ lots: z.array(sellerLotRow), pagination });
export type SellerLotsResponse = z.infer<typeof sellerLotsResponse>;
