import { z } from 'zod';
import { LOT_TYPES, MARKET_DEMANDS, PACKAGING_TYPES, PARTIES, SHIPPING_OPTIONS } from './enums';
import { keyParam } from './reads-params';
import { MAX_LOT_PHOTOS } from './seller-lots';

/**
 * Bulk lot import (issue 16; decision 0051): a CSV or XLSX sheet in the
 * template's columns, with photos from a ZIP (matched by file name) or
 * http(s) URLs. A preview validates every cell; a commit creates every lot or none.
 */

export const SELLER_IMPORT_CODES = {
  hasErrors: 'IMPORT_HAS_ERRORS',
  expired: 'IMPORT_EXPIRED',
} as const;

/** At most this many lots per file (issue 16). */
export const MAX_IMPORT_ROWS = 5_000;
/** The sheet: at most 10 MB (the upload rules' document limit). */
export const MAX_IMPORT_SHEET_BYTES = 10 * 1024 * 1024;
/** The ZIP as sent, and everything in it once uncompressed (zip bombs stop here). */
export const MAX_IMPORT_ZIP_BYTES = 512 * 1024 * 1024;
export const MAX_IMPORT_ZIP_UNCOMPRESSED_BYTES = 1024 * 1024 * 1024;
export const MAX_IMPORT_ZIP_ENTRIES = 20_000;

export interface ImportColumn {
  name: string;
  required: boolean;
  help: string;
  /** The allowed values of an enumeration (a list cell takes several, separated by ";"). */
  allowed?: readonly string[];
  example: string;
}

const money = (name: string, label: string, example = ''): ImportColumn => ({
  name,
  required: false,
  help: `${label} in major units with a dot for decimals and no thousands separator (1250.00); empty: none.`,
  example,
});
const party = (name: string, label: string): ImportColumn => ({
  name,
  required: false,
  help: `Who arranges the ${label}.`,
  allowed: PARTIES,
  example: '',
});
const YES_NO = ['yes', 'no'] as const;

/** The template's columns, in the order the lot form shows the fields (decision 0050). */
export const IMPORT_COLUMNS: readonly ImportColumn[] = [
  { name: 'number', required: true, help: 'Lot number, unique in the event (letters, digits, . _ -).', example: '101' },
  { name: 'name', required: true, help: 'The lot title.', example: 'Haas VF-2 vertical machining center' },
  { name: 'description', required: false, help: 'Plain text.', example: 'Runs; 2015; 7,000 hours.' },
  { name: 'category', required: false, help: 'A product category name or id; required to publish.', example: '' },
  { name: 'brand', required: false, help: "A brand's unique name.", example: '' },
  { name: 'catalogProductId', required: false, help: 'A catalog product id.', example: '' },
  { name: 'quantity', required: false, help: 'Whole number, at least 1; empty: 1.', example: '1' },
  {
    name: 'type',
    required: false,
    help: "Empty: the event's sale format's type.",
    allowed: LOT_TYPES,
    example: 'AuctionLot',
  },
  money('startingBid', 'The starting bid', '1250.00'),
  money('reserveBid', 'The reserve (at least the starting bid)'),
  money('buyItNowPrice', 'The buy-it-now price'),
  { name: 'bestOfferEnabled', required: false, help: 'Buy-it-now items only.', allowed: YES_NO, example: 'no' },
  { name: 'managedShipping', required: false, help: 'Shipping managed by us.', allowed: YES_NO, example: 'no' },
  money('riggingCost', 'The rigging cost'),
  party('riggingParty', 'rigging'),
  money('loadingCost', 'The loading cost'),
  party('loadingParty', 'loading'),
  money('shippingCost', 'The shipping cost'),
  party('shippingParty', 'shipping'),
  {
    name: 'shippingOptions',
    required: false,
    help: 'Several separated by ";".',
    allowed: SHIPPING_OPTIONS,
    example: 'pickup',
  },
  { name: 'shippingPackageType', required: false, help: 'How it is packed.', allowed: PACKAGING_TYPES, example: '' },
  { name: 'shippingPackageCount', required: false, help: 'Whole number, at least 1.', example: '' },
  { name: 'marketDemand', required: false, help: 'Market demand.', allowed: MARKET_DEMANDS, example: '' },
  money('forcedLiquidationValue', 'The forced liquidation value'),
  money('orderlyLiquidationValue', 'The orderly liquidation value'),
  money('grossBookValue', 'The gross book value'),
  money('netBookValue', 'The net book value'),
  money('transferValue', 'The transfer value'),
  {
    name: 'location',
    required: false,
    help: 'One of the event\'s locations: its id, city, or "city, region"; required to publish.',
    example: '',
  },
  {
    name: 'photos',
    required: false,
    help: `File names in the ZIP or http(s) URLs, separated by ";", first is the card photo; at most ${MAX_LOT_PHOTOS}.`,
    example: 'haas-1.jpg;haas-2.jpg',
  },
];

export const IMPORT_COLUMN_NAMES = IMPORT_COLUMNS.map((c) => c.name);

export const importColumnsResponse = z.object({
  columns: z.array(
    z.object({
      name: z.string(),
      required: z.boolean(),
      help: z.string(),
      allowed: z.array(z.string()).optional(),
      example: z.string(),
    }),
  ),
});

export const importError = z.object({
  row: z.number().int().describe('The row as the spreadsheet shows it (the header is row 1); 0: the file as a whole'),
  column: z.string().describe('The column name, or "" for the file or row as a whole'),
  message: z.string(),
});
export type ImportError = z.infer<typeof importError>;

export const importPreview = z.object({
  importId: z.string(),
  rows: z.number().int().describe('Data rows read'),
  errors: z.array(importError),
  lotsToCreate: z.number().int(),
  photosTotal: z.number().int(),
});
export type ImportPreview = z.infer<typeof importPreview>;

export const IMPORT_STATUSES = ['previewed', 'importing', 'done', 'failed'] as const;
export const importStatus = z.object({
  importId: z.string(),
  eventId: z.string(),
  status: z
    .enum(IMPORT_STATUSES)
    .describe(
      'previewed; importing (lots created, photos under way); done; failed (the commit broke off, nothing created)',
    ),
  lotsToCreate: z.number().int(),
  lotsCreated: z.number().int(),
  photosTotal: z.number().int(),
  photosReady: z.number().int(),
  photosFailed: z.number().int(),
  expiresAt: z.string(),
});
export type ImportStatus = z.infer<typeof importStatus>;

export const importIdParams = z.object({ importId: keyParam() }).strict();
