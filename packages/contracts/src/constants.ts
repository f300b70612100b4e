/**
 * Constants the browser needs, as plain values, without zod: the web's
 * client components import them through `@lotline/contracts/constants`
 * so the browser bundle does not carry the schemas (decision 0024). The
 * schemas in search.ts and places.ts are built from these.
 */

import { DEFAULT_BUYER_PERSONA } from './enums';

/** Browse URL parameters of spec §2, with the same names and values. */
export const SEARCH_SALE_FORMATS = ['all', 'auction', 'buy-now', 'tender'] as const;
export type SearchSaleFormat = (typeof SEARCH_SALE_FORMATS)[number];
export const SALE_FORMAT_LOT_TYPE = {
  auction: 'AuctionLot',
  'buy-now': 'BuyItNowItem',
  tender: 'TenderLot',
} as const;

export const SEARCH_STATUSES = ['active', 'active-and-upcoming', 'upcoming', 'past'] as const;
export type SearchStatus = (typeof SEARCH_STATUSES)[number];
export const SEARCH_SORTS = ['recent', 'sequence', 'near-me', 'ending-soon'] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];
export const ENDING_DATES = ['all', '48-hours', 'this-week'] as const;
export const GEO_DISTANCES = ['100mi', '500mi', '1000mi'] as const;
export type GeoDistance = (typeof GEO_DISTANCES)[number];

/** Keywords starting with this (any case) search by lot number (spec §5). */
export const LOT_NUMBER_PREFIX = 'ID:';

// Place suggestions (places.ts).
/** Queries shorter than this (after trimming) get an empty list rather than every place. */
export const PLACE_QUERY_MIN_LENGTH = 2;
export const PLACE_SUGGESTIONS_MAX = 10;
export const PLACE_SUGGESTIONS_DEFAULT = 8;
/** How far /places/nearest looks; beyond it the answer is null. */
export const NEAREST_PLACE_MAX_KM = 50;

// Messages (messaging.ts).
/** The longest message a buyer or seller may send (decision 0016). */
export const MESSAGE_MAX_LENGTH = 5000;

// identity.ts
/** Spec §3/§9: the default persona, and 'Reseller', which triggers the tax exemption step. */
export const BUYER_PERSONAS = [DEFAULT_BUYER_PERSONA, 'Reseller'] as const;

export type BuyerPersona = (typeof BUYER_PERSONAS)[number];

/** Long passphrases beat composition rules (NIST SP 800-63B §5.1.1); 128 bounds the hashing work. */
export const PASSWORD_MIN_LENGTH = 10;

export const PASSWORD_MAX_LENGTH = 128;

// preferences.ts
/**
 * The settings of the account page's Preferences section (spec §3 user vars a
 * user may set). `notification_settings` is an object of setting names to
 * booleans; these are the names the site offers. Unset means on.
 */
export const NOTIFICATION_SETTINGS = [
  ['outbid', 'When I am outbid'],
  ['ending-soon', 'When a lot on my watchlist is ending soon'],
  ['won', 'When I win a lot'],
  ['messages', 'When a seller answers my message'],
  ['lot-changes', 'When a lot on my watchlist changes its description, photos or documents'],
] as const;

export type NotificationSetting = (typeof NOTIFICATION_SETTINGS)[number][0];

// tax-exemptions.ts
/** Certificates are documents or photos of one: pdf, jpg, jpeg, png. */
export const TAX_CERTIFICATE_EXTENSIONS = ['pdf', 'jpg', 'jpeg', 'png'] as const;

/** The `accept` attribute of the certificate input. */
export const TAX_CERTIFICATE_ACCEPT = '.pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png';

export const TAX_REGION_MESSAGE = 'Choose the state or province the certificate was issued for.';

export const CERTIFICATE_TYPE_MESSAGE = 'The certificate must be a PDF, JPG or PNG file.';

// uploads.ts
/** The lower-case extension of a file name, or '' when it has none. */
export function uploadExtension(filename: string): string {
  const base = filename.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
}

// payments.ts
/** How each card brand is named on pages ("Visa ending 4242"). */
export const CARD_BRAND_LABELS: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
  unknown: 'Card',
};

/** Spec §4: the extensions that may be uploaded, by kind. */
export const UPLOAD_EXTENSIONS = {
  image: ['jpg', 'jpeg', 'png', 'heic', 'heics', 'heif', 'heifs', 'bmp', 'webp'],
  video: ['mp4', 'avi', 'wmv', 'mov'],
  document: ['pdf', 'docx', 'xlsx', 'pptx', 'csv'],
} as const;
export type UploadKind = keyof typeof UPLOAD_EXTENSIONS;

/** The kind of a file by its extension, or undefined when it may not be uploaded. */
export function uploadKind(filename: string): UploadKind | undefined {
  const ext = uploadExtension(filename);
  return (Object.keys(UPLOAD_EXTENSIONS) as UploadKind[]).find((kind) =>
    (UPLOAD_EXTENSIONS[kind] as readonly string[]).includes(ext),
  );
}

/** The seller console's company profile (issue 16): the longest display name and description. */
export const DISPLAY_NAME_MAX = 120;
export const COMPANY_DESCRIPTION_MAX = 5_000;

/** A lot's documents (decision 0056): at most this many a lot, of the spec's document types. */
export const MAX_LOT_DOCUMENTS = 20;
export const DOCUMENT_DESCRIPTION_MAX = 300;
export const DOCUMENT_FILE_NAME_MAX = 200;
export const DOCUMENT_EXTENSIONS: readonly string[] = UPLOAD_EXTENSIONS.document;

/**
 * What an event attachment may be (decision 0085): the documents a lot may have, and the photos
 * the event page's "media" filter shows (spec §5: jpg, jpeg, png), each within the upload size limit.
 */
export const EVENT_ATTACHMENT_EXTENSIONS: readonly string[] = [...UPLOAD_EXTENSIONS.document, 'jpg', 'jpeg', 'png'];
/** At most this many attachments an event. */
export const MAX_EVENT_ATTACHMENTS = 50;
