import { z } from 'zod';
import { jsonQueryParam } from './query-object';
import { keyParam } from './reads-params';

/**
 * Watchlists (contract §3, spec §3 "Wishlist", §6): the marketplace's wishlists
 * of event lots and events, and the legacy wishlist endpoints (auction,
 * auction_lot, company). Decision 0011.
 */

export const WISHLIST_DOCUMENT_TYPES = ['event-lot', 'event'] as const;
export type WishlistDocumentType = (typeof WISHLIST_DOCUMENT_TYPES)[number];

/** How many ids one look-up may carry: a page of cards is far below it. */
export const MAX_WISHLIST_LOOKUP_IDS = 500;

const idList = z.array(keyParam()).max(MAX_WISHLIST_LOOKUP_IDS, `At most ${MAX_WISHLIST_LOOKUP_IDS} ids per look-up`);

/**
 * `dto={"documentId":{"in":[…]},"documentType":"event-lot"}`. Conditions with an
 * empty value are ignored (contract §1): without `documentId` every wishlist of
 * the type is listed, without `documentType` both types are.
 */
export const wishlistDto = z
  .object({
    documentId: z
      .union([z.object({ in: idList }).strict(), z.literal(''), z.null()])
      .optional()
      .transform((v) => (v && typeof v === 'object' && v.in.length > 0 ? v.in : undefined)),
    documentType: z
      .union([z.enum(WISHLIST_DOCUMENT_TYPES), z.literal(''), z.null()])
      .optional()
      .transform((v) => v || undefined),
  })
  .strict();

export const wishlistsQuerystring = z
  .object({
    dto: jsonQueryParam(wishlistDto)
      .optional()
      .describe('URL-encoded JSON: {"documentId":{"in":[ids]},"documentType":"event-lot"|"event"}'),
  })
  .strict();

export const wishlistBody = z
  .object({
    documentId: keyParam().describe('The event lot or event to watch'),
    documentType: z.enum(WISHLIST_DOCUMENT_TYPES),
  })
  .strict();

export const wishlist = z.object({
  _id: z.string(),
  documentId: z.string(),
  documentType: z.enum(WISHLIST_DOCUMENT_TYPES),
});
export type Wishlist = z.infer<typeof wishlist>;

export const wishlistsResponse = z.object({ wishlists: z.array(wishlist) });
export const wishlistResponse = z.object({ wishlist });
export const wishlistDeletedResponse = z.object({ deleted: z.literal(true) });

// ── Legacy wishlist endpoints ────────────────────────────────────────────────

export const LEGACY_WATCH_TARGETS = ['auction', 'auction_lot', 'company'] as const;
export type LegacyWatchTarget = (typeof LEGACY_WATCH_TARGETS)[number];

/** `name[]=a&name[]=b` arrives as an array, `name[]=a` as one string: both become a list. */
const repeatedIds = z.preprocess((v) => (typeof v === 'string' ? [v] : v), idList);

export const legacyLotWatchQuerystring = z
  .object({ 'auction_lot_ids[]': repeatedIds.describe('Legacy lot ids (repeated)') })
  .strict();
export const legacyAuctionWatchQuerystring = z
  .object({ 'auction_ids[]': repeatedIds.describe('Event ids (repeated)') })
  .strict();

const watched = z.object({ id: z.string(), watched: z.literal(true) });
export const legacyLotWatchResponse = z.object({ auction_lots: z.array(watched) });
export const legacyAuctionWatchResponse = z.object({ auctions: z.array(watched) });

export const legacyWatchBody = z
  .object({
    target: z.enum(LEGACY_WATCH_TARGETS),
    // Legacy clients send numeric ids as numbers; they are compared as text.
    target_id: z.union([keyParam(), z.number().int().nonnegative()]),
  })
  .strict();
export const legacyWatchResponse = z.object({
  target: z.enum(LEGACY_WATCH_TARGETS),
  target_id: z.union([z.string(), z.number()]),
});

// ── The My Watchlist page ────────────────────────────────────────────────────

/** A watched event lot as the My Watchlist page lists it (enough for its link and a line of text). */
export const watchedEventLot = z.object({
  wishlistId: z.string(),
  _id: z.string(),
  mp2Id: z.string().nullable(),
  parentId: z.string().nullable(),
  number: z.string(),
  name: z.string(),
  status: z.string(),
  endedAt: z.string().nullable(),
});
export const watchedEvent = z.object({
  wishlistId: z.string(),
  _id: z.string(),
  name: z.string(),
  title: z.string(),
  status: z.string(),
  endAt: z.string(),
});
export const watchlistResponse = z.object({
  eventLots: z.array(watchedEventLot),
  events: z.array(watchedEvent),
});
export type WatchlistResponse = z.infer<typeof watchlistResponse>;
